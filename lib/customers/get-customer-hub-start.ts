import "server-only";
import { asJson } from "@/lib/rules/as-json";
import { reportServerError } from "@/lib/log";
import { getUsage } from "@/lib/customers/customer-usage";
import { searchCustomersPage } from "@/lib/customers/search-customers";
import { listParkedCustomers } from "@/lib/customers/list-parked-customers";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import type { CustomerPage, ParkedCustomer, SubscriptionUsage } from "@/components/customers/customer-queries";

/** What the customer hub shows first, read with the page (issue 23). */
export type CustomerHubStart = { usage: SubscriptionUsage; firstPage: CustomerPage; parked: ParkedCustomer[] };

/** The hub's first page is its default list: newest first, no search. */
export const HUB_FIRST_PAGE = { sort: "joined", order: "desc", limit: 50 } as const;

/**
 * The customer hub's first screen, read on the server (issue 23): what GET /api/subscription/usage,
 * GET /api/customers?sort=joined&order=desc&limit=50&total=1 and GET /api/customers/parked answer,
 * in the shapes the hub's queries keep (the page's next cursor URL-encoded as the route sends it).
 * null when a read fails: the page then leaves the hub to ask the API itself, with its own error
 * states and "try again".
 */
export async function getCustomerHubStart(businessId: number, now: Date): Promise<CustomerHubStart | null> {
  try {
    const [usage, page, parked] = await Promise.all([
      getUsage(businessId),
      searchCustomersPage(businessId, { ...HUB_FIRST_PAGE, withTotal: true }),
      listParkedCustomers(businessId, now),
    ]);
    const firstPage: CustomerPage = {
      rows: JSON.parse(page.json) as CustomerDto[],
      next: page.next ? encodeURIComponent(page.next) : null,
      total: page.total ?? null,
    };
    return { usage, firstPage, parked: asJson<ParkedCustomer[]>(parked) };
  } catch (error) {
    reportServerError(error, { source: "customer hub start", businessId });
    return null;
  }
}
