import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeQueryClient } from "@/lib/client/query-client";
import { queryKeys } from "@/lib/client/query-keys";
import { dismiss } from "@/hooks/use-toast";
import { PointsHubScreen } from "@/components/points/points-hub-screen";
import { PointsHubIsland } from "@/components/points/points-hub-island";
import type { BusinessProfileDto } from "@/lib/business/business-dto";
import type { PointsAuditTrailDto } from "@/lib/rates/audit-trail-dto";
import { fakeResponse } from "../helpers/fake-fetch";
import { renderWithClient } from "../helpers/render-with-client";
import { NEW_BUSINESS_PROFILE } from "../helpers/business-dto";

// Issue 23: /points renders its configuration and rate change log on the server; the live hub takes
// over after the page from the same data (it reads only what the server did not: the customer
// counts, the tier and refer-a-friend settings).

// The live hub's modules load on first use, slowly on a busy machine.
jest.setTimeout(60_000);

const profile: BusinessProfileDto = { ...NEW_BUSINESS_PROFILE, minimumRedemption: 250, newCustomerPointsPerPound: 2, newCustomerRedemptionValue: "1.50" };
const trail: PointsAuditTrailDto = {
  latestMinimumRedemptionChange: { date: "2026-11-20T10:00:00.000Z", updatedBy: "Testa Owner", from: 100, to: 250 },
  changes: [{ id: 1, scope: "minimum_redemption", customerId: null, customerName: null, oldValues: { minimumRedemption: 100 }, newValues: { minimumRedemption: 250 }, reason: null, changedBy: "Testa Owner", createdAt: "2026-11-20T10:00:00.000Z" }],
};

function serve() {
  const fn = jest.fn(async (url: string) => {
    const path = url.split("?")[0];
    if (path === "/api/customers") return fakeResponse({ status: 200, body: [], headers: { "X-Total-Count": "0" } });
    return fakeResponse({ status: 404, body: { message: `no route for ${path}` } });
  });
  (globalThis as { fetch?: unknown }).fetch = fn;
  return fn;
}
const paths = (fn: jest.Mock) => fn.mock.calls.map(([url]: [string]) => url.split("?")[0]);

function renderPage() {
  const client = makeQueryClient();
  client.setQueryData(queryKeys.currentUser, { adminMode: false });
  renderWithClient(
    <PointsHubIsland profile={profile} trail={trail}>
      <PointsHubScreen profile={profile} trail={trail} />
    </PointsHubIsland>,
    { client },
  );
}

afterEach(() => {
  act(() => dismiss());
  window.sessionStorage.clear();
});

describe("the points hub's server-rendered first screen", () => {
  it("shows the configuration and the latest minimum-redemption change, and the live hub does not read them again", async () => {
    const fetch = serve();
    renderPage();
    expect(screen.getByRole("heading", { name: "points hub" })).toBeInTheDocument();
    expect(screen.getByText("£0.015")).toBeInTheDocument();
    expect(within(screen.getByTestId("latest-minimum-redemption-change")).getByText("100 to 250 points")).toBeInTheDocument();
    expect(screen.getByText("minimum redemption: 100 to 250 points")).toBeInTheDocument();

    // The live hub asks for the customer counts only.
    await waitFor(() => expect(paths(fetch)).toContain("/api/customers"), { timeout: 20_000 });
    expect(await screen.findByRole("button", { name: "no customers to adjust" }, { timeout: 10_000 })).toBeDisabled();
    expect(screen.getByText("£0.015")).toBeInTheDocument();
    expect(paths(fetch)).not.toContain("/api/business/profile");
    expect(paths(fetch)).not.toContain("/api/business/points-audit-trail");
  });

  it("'edit minimum redemption' tapped before the hub's code is there opens its dialog once it is", async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole("button", { name: "edit minimum redemption" }));
    expect(await screen.findByRole("dialog", {}, { timeout: 20_000 })).toBeInTheDocument();
  });
});
