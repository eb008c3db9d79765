import { QueryObserver, type InfiniteData } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/client/query-client";
import { customerPagesKey, DEFAULT_CUSTOMER_ORDER, type CustomerPage } from "@/components/customers/customer-queries";
import { refreshAfterCorrection, refreshAfterTransaction } from "@/components/transactions/transaction-queries";
import { customerDto } from "../helpers/customer-dto";

// A till picks a customer in the process-transaction dialog straight after a purchase: the picker's
// search must not offer the balance from before it (the e2e walk previewed "new balance 150" for a
// customer who had 11 points). Lists on screen are refetched; lists no screen shows are dropped.

const page = (totalPoints: number): InfiniteData<CustomerPage> => ({
  pages: [{ rows: [customerDto(7, { name: "Alice", totalPoints })], next: null, total: null }],
  pageParams: [null],
});

describe.each([
  ["a transaction", refreshAfterTransaction],
  ["a correction", refreshAfterCorrection],
])("customer lists after %s", (_, refreshAfter) => {
  it("drops the picker's hidden search and keeps the hub's list on screen (refetched)", async () => {
    const client = makeQueryClient();
    const pickerKey = customerPagesKey({ q: "Alice", ...DEFAULT_CUSTOMER_ORDER, status: "active" });
    const hubKey = customerPagesKey({ q: "", ...DEFAULT_CUSTOMER_ORDER });
    client.setQueryData(pickerKey, page(0));
    client.setQueryData(hubKey, page(0));
    const fetchMock = jest.fn(async () => page(11));
    const hub = new QueryObserver(client, { queryKey: hubKey, queryFn: fetchMock });
    const unsubscribe = hub.subscribe(() => {});
    await refreshAfter(client);
    expect(client.getQueryData(pickerKey)).toBeUndefined();
    expect(client.getQueryData<InfiniteData<CustomerPage>>(hubKey)?.pages[0].rows[0].totalPoints).toBe(11);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
