import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ActivityHubScreen } from "@/components/activity/activity-hub-screen";
import { ActivityHubIsland } from "@/components/activity/activity-hub-island";
import type { EmailLogDto } from "@/lib/activity/activity-log-dto";
import { installDomShims, installRouteFetch } from "./account-route-fetch";
import { renderWithClient } from "../helpers/render-with-client";

// Issue 23: /activity renders the email log's first page on the server; the live hub takes over
// after the page, starting from that page, and a tab pressed before its code was in opens once it is.

installDomShims();
// The live page is the chunk the takeover imports after load; in jest that import is a cold transform
// that can outlast the waits below on a loaded machine. Load it once first, as a browser's cache would.
beforeAll(() => Promise.all([import("@/components/activity/activity-hub")]), 60_000);

const email = (id: number): EmailLogDto => ({ id, recipientEmail: `c${id}@example.test`, customer: { id, name: `Customer ${id}` }, emailType: "welcome", subject: `Welcome ${id}`, status: "sent", simulated: true, sentAt: "2026-11-22T10:00:00Z" });
const firstEmails = { logs: [email(3), email(2)], nextBefore: 2 };

function page() {
  return (
    <ActivityHubIsland firstEmails={firstEmails}>
      <ActivityHubScreen firstEmails={firstEmails} />
    </ActivityHubIsland>
  );
}

describe("the activity hub's server-rendered first screen", () => {
  it("shows the tabs, the newest emails and 'load older entries' as the live hub draws them", () => {
    installRouteFetch({});
    renderWithClient(page(), { toast: false });
    expect(screen.getByRole("heading", { level: 1, name: "activity hub" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "communications" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "activity log" })).toHaveAttribute("aria-selected", "false");
    expect(screen.getByRole("tabpanel", { name: "communications" })).toBeInTheDocument();
    const rows = within(screen.getByRole("table", { name: "email log" })).getAllByRole("row");
    expect(within(rows[1]).getAllByRole("cell").map((c) => c.textContent)).toEqual(["c3@example.test", "Customer 3", "welcome", "Welcome 3", "sent", "22/11/2026, 10:00"]);
    expect(screen.getByRole("button", { name: "refresh" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "load older entries" })).toBeInTheDocument();
  });

  it("'activity log' pressed before the hub's code is there opens that tab once it is, without re-reading the emails", async () => {
    const routes = installRouteFetch({ "GET /api/business/activity-logs": { status: 200, body: { logs: [], nextBefore: null } } });
    const user = userEvent.setup();
    renderWithClient(page(), { toast: false });
    await user.click(screen.getByRole("tab", { name: "activity log" }));
    await waitFor(() => expect(screen.getByRole("tab", { name: "activity log" })).toHaveAttribute("aria-selected", "true"), { timeout: 5000 });
    expect(await screen.findByText("no activity yet")).toBeInTheDocument();
    expect(routes.calls.map((c) => c.url)).toEqual(["/api/business/activity-logs"]);
  });
});
