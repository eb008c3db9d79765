import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeQueryClient } from "@/lib/client/query-client";
import { queryKeys } from "@/lib/client/query-keys";
import { dismiss } from "@/hooks/use-toast";
import { PointsHub } from "@/components/points/points-hub";
import type { BusinessProfileDto } from "@/lib/business/business-dto";
import type { PointsAuditTrailDto } from "@/lib/rates/audit-trail-dto";
import { fakeResponse, type Reply } from "../helpers/fake-fetch";
import { serveCustomers } from "../helpers/fake-customer-api";
import { customerDto } from "../helpers/customer-dto";
import { renderWithClient } from "../helpers/render-with-client";
import { NEW_BUSINESS_PROFILE } from "../helpers/business-dto";
import { retype } from "../helpers/form-steps";
import { expectToast } from "../helpers/screen-checks";

// The hub reads three paths at once, so this fake answers by path, query string ignored (and records every call).
function routeFetch(routes: Record<string, Reply | (() => Reply) | Promise<Reply>>) {
  const fn = jest.fn(async (url: string, init?: RequestInit) => {
    const path = url.split("?")[0];
    const key = `${init?.method ?? "GET"} ${path}`;
    const route = routes[key] ?? routes[path];
    const reply = route === undefined ? { status: 404, body: { message: `no route for ${key}` } } : typeof route === "function" ? route() : await route;
    return fakeResponse(reply);
  });
  (globalThis as { fetch?: unknown }).fetch = fn;
  return fn;
}

const PROFILE: BusinessProfileDto = { ...NEW_BUSINESS_PROFILE, newCustomerPointsPerPound: 2, newCustomerRedemptionValue: "1.50" };
const EMPTY_TRAIL: PointsAuditTrailDto = { latestMinimumRedemptionChange: null, changes: [] };
/** What the hub reads on opening: the profile, the customers and the audit trail. */
const HUB_READS = {
  "/api/business/profile": { status: 200, body: PROFILE },
  "/api/customers": { status: 200, body: [] },
  "/api/business/points-audit-trail": { status: 200, body: EMPTY_TRAIL },
};

function renderHub() {
  const client = makeQueryClient();
  client.setQueryData(queryKeys.currentUser, { adminMode: false });
  renderWithClient(<PointsHub />, { client });
  return client;
}

describe("PointsHub", () => {
  afterEach(() => {
    act(() => dismiss());
    window.sessionStorage.clear();
  });

  it("shows the loading text, then the configuration cards", async () => {
    let answer: (r: Reply) => void = () => {};
    routeFetch({
      "/api/business/profile": new Promise<Reply>((resolve) => (answer = resolve)),
      "/api/customers": { status: 200, body: [] },
      "/api/business/points-audit-trail": { status: 200, body: EMPTY_TRAIL },
    });
    renderHub();
    expect(screen.getByRole("heading", { name: "points hub" })).toBeInTheDocument();
    expect(screen.getByText("Loading points configuration...")).toBeInTheDocument();
    act(() => answer({ status: 200, body: PROFILE }));
    await expectToast("current system configuration", "new member starting rates");
    expect(screen.getByText("£0.015")).toBeInTheDocument(); // new members: £1.50 per 100 points
    expect(screen.getByText("existing customer rates")).toBeInTheDocument();
    expect(await screen.findByText("no rate changes recorded yet")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "no customers to adjust" })).toBeDisabled();
  });

  it("enables 'individual rates' when there are customers, says how many may change from the server's two counts, and shows the latest minimum-redemption change", async () => {
    routeFetch({
      "/api/business/profile": { status: 200, body: { ...PROFILE, minimumRedemption: 250 } },
      "/api/business/points-audit-trail": {
        status: 200,
        body: {
          latestMinimumRedemptionChange: { date: "2026-11-20T10:00:00.000Z", updatedBy: "Testa Owner", from: 100, to: 250 },
          changes: [{ id: 1, scope: "minimum_redemption", customerId: null, customerName: null, oldValues: { minimumRedemption: 100 }, newValues: { minimumRedemption: 250 }, reason: null, changedBy: "Testa Owner", createdAt: "2026-11-20T10:00:00.000Z" }],
        },
      },
    });
    // Issue 23: counted by the server (all listed customers, and status=active), not read whole.
    const api = serveCustomers([customerDto(1, { name: "Alice Active" }), customerDto(2, { name: "Carl Closed", accountStatus: "closed" }), customerDto(3, { name: "Ann Asleep", sleepStatus: "asleep" })]);
    renderHub();
    const button = await screen.findByRole("button", { name: "individual rates" });
    await waitFor(() => expect(button).toBeEnabled());
    expect(await screen.findByText(/1 of 3 customers can have their rates adjusted\./)).toBeInTheDocument();
    expect(api.listCalls().sort()).toEqual(["/api/customers?sort=joined&order=desc&limit=1&total=1", "/api/customers?sort=joined&order=desc&status=active&limit=1&total=1"]);
    const latest = await screen.findByTestId("latest-minimum-redemption-change");
    expect(latest).toHaveTextContent("20/11/2026, 10:00");
    expect(latest).toHaveTextContent("Testa Owner");
    expect(latest).toHaveTextContent("100 to 250 points");
    expect(screen.getByText("minimum redemption: 100 to 250 points")).toBeInTheDocument();
  });

  it("keeps 'learn about points' open for the browser session", async () => {
    routeFetch(HUB_READS);
    renderHub();
    await userEvent.click(screen.getByRole("button", { name: "learn about points" }));
    expect(window.sessionStorage.getItem("points:explainer:learn-about-points")).toBe("1");
    expect(screen.getByText(/the minimum redemption is the fewest points/)).toBeInTheDocument();
  });

  it("updates the minimum redemption and refreshes the business, profile and audit trail", async () => {
    const fetchMock = routeFetch({
      ...HUB_READS,
      "PUT /api/business/minimum-redemption": { status: 200, body: { message: "Minimum redemption updated successfully" } },
    });
    const client = renderHub();
    const invalidate = jest.spyOn(client, "invalidateQueries");
    await userEvent.click(await screen.findByRole("button", { name: /edit minimum redemption/ }));
    const input = screen.getByLabelText("minimum redemption (points)");
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole("button", { name: "update minimum redemption" }));
    expect(await screen.findByText("Please enter a minimum redemption value")).toBeInTheDocument();
    await userEvent.type(input, "20000");
    await userEvent.click(screen.getByRole("button", { name: "update minimum redemption" }));
    expect(await screen.findByText("Minimum redemption must be between 1 and 10,000 points")).toBeInTheDocument();
    await retype(userEvent, input, "250");
    await userEvent.click(screen.getByRole("button", { name: "update minimum redemption" }));
    expect(await screen.findByText("Minimum redemption updated successfully")).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT")!;
    expect(put[0]).toBe("/api/business/minimum-redemption");
    expect(JSON.parse(String(put[1]?.body))).toEqual({ minimumRedemption: 250 });
    const keys = invalidate.mock.calls.map(([arg]) => (arg?.queryKey as string[])[0]);
    expect(keys).toEqual(expect.arrayContaining(["/api/business", "/api/business/profile", "/api/business/points-audit-trail"]));
  });

  it("shows 'Error' with the server's message when the minimum redemption is refused", async () => {
    routeFetch({
      ...HUB_READS,
      "PUT /api/business/minimum-redemption": { status: 503, body: { message: "We'll be back soon: the service is down for maintenance." } },
    });
    renderHub();
    await userEvent.click(await screen.findByRole("button", { name: /edit minimum redemption/ }));
    await userEvent.click(screen.getByRole("button", { name: "update minimum redemption" }));
    await expectToast("Error", "We'll be back soon: the service is down for maintenance.");
  });

  it("updates the new customer rates with reason and password: 'Success'", async () => {
    const fetchMock = routeFetch({
      ...HUB_READS,
      "PUT /api/business/new-customer-rates": { status: 200, body: { message: "New customer rates updated successfully" } },
    });
    renderHub();
    await userEvent.click(await screen.findByRole("button", { name: /edit new customer rates/ }));
    await userEvent.click(screen.getByRole("button", { name: "update new customer rates" }));
    expect((await screen.findAllByText("Please fill in all required fields")).length).toBeGreaterThan(0);
    await userEvent.type(screen.getByLabelText("reason for the change"), "Launch offer");
    await userEvent.type(screen.getByLabelText("password"), "Passw0rd!");
    await userEvent.click(screen.getByRole("button", { name: "update new customer rates" }));
    await expectToast("Success", "New customer rates updated successfully");
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT")!;
    expect(JSON.parse(String(put[1]?.body))).toEqual({ newCustomerPointsPerPound: 2, newCustomerRedemptionValue: 1.5, reason: "Launch offer", password: "Passw0rd!" });
  });
});
