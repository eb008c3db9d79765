import { act, fireEvent, screen, within } from "@testing-library/react";
import { ActivityHub } from "@/components/activity/activity-hub";
import { REFRESH_SPINNER_MS } from "@/components/activity/use-refresh-spinner";
import { describeChanges } from "@/components/activity/format-changes";
import type { ActivityLogDto, EmailLogDto } from "@/lib/activity/activity-log-dto";
import { installDomShims, installRouteFetch } from "./account-route-fetch";
import { renderWithClient } from "../helpers/render-with-client";

const email = (id: number, overrides: Partial<EmailLogDto> = {}): EmailLogDto => ({
  id,
  recipientEmail: `c${id}@example.test`,
  customer: { id, name: `Customer ${id}` },
  emailType: "welcome",
  subject: `Welcome ${id}`,
  status: "sent",
  simulated: true,
  sentAt: "2026-11-22T10:00:00Z",
  ...overrides,
});
const activity: ActivityLogDto = {
  id: 9,
  action: "business_settings_updated",
  description: "Updated the business name, website",
  tableName: "businesses",
  recordId: "42",
  oldValues: { name: "Old Café", website: null },
  newValues: { name: "New Café", website: "https://new.example.com" },
  actorType: "owner",
  actorName: "Ada Owner",
  createdAt: "2026-11-22T10:05:00Z",
};

function renderHub() {
  renderWithClient(<ActivityHub />, { toast: false });
}
const flush = () =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(20);
  });

beforeAll(installDomShims);
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe("activity hub", () => {
  it("lists emails with recipient, customer, type, subject, status and time, and pages older ones", async () => {
    const routes = installRouteFetch({
      "GET /api/business/email-logs": { status: 200, body: { logs: [email(3), email(2, { status: "failed", customer: null, emailType: "password_reset" })], nextBefore: 2 } },
      "GET /api/business/email-logs?before=2": { status: 200, body: { logs: [email(1)], nextBefore: null } },
    });
    renderHub();
    await flush();
    const table = screen.getByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1]).getAllByRole("cell").map((c) => c.textContent)).toEqual(["c3@example.test", "Customer 3", "welcome", "Welcome 3", "sent", "22/11/2026, 10:00"]);
    expect(within(rows[2]).getAllByRole("cell").map((c) => c.textContent)).toEqual(["c2@example.test", "-", "password reset", "Welcome 2", "failed", "22/11/2026, 10:00"]);

    fireEvent.click(screen.getByRole("button", { name: "load older entries" }));
    await flush();
    expect(routes.calls.map((c) => c.url)).toEqual(["/api/business/email-logs", "/api/business/email-logs?before=2"]);
    expect(screen.getByText("c1@example.test")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "load older entries" })).not.toBeInTheDocument();
  });

  it("refreshes with a spinner dialog for about 0.8 s", async () => {
    let reads = 0;
    installRouteFetch({ "GET /api/business/email-logs": () => ({ status: 200, body: { logs: [email(++reads)], nextBefore: null } }) });
    renderHub();
    await flush();
    expect(screen.getByText("c1@example.test")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "refresh" }));
    expect(screen.getByRole("dialog")).toHaveTextContent("refreshing...");
    await act(async () => {
      await jest.advanceTimersByTimeAsync(REFRESH_SPINNER_MS - 50);
    });
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(screen.getByText("c2@example.test")).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60);
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(reads).toBe(2);
  });

  it("shows the activity log with old and new values written out", async () => {
    installRouteFetch({
      "GET /api/business/email-logs": { status: 200, body: { logs: [], nextBefore: null } },
      "GET /api/business/activity-logs": { status: 200, body: { logs: [activity], nextBefore: null } },
    });
    renderHub();
    await flush();
    expect(screen.getByText("no emails sent yet")).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole("tab", { name: "activity log" }));
    fireEvent.click(screen.getByRole("tab", { name: "activity log" }));
    await flush();
    const row = within(screen.getByRole("table")).getAllByRole("row")[1];
    expect(row).toHaveTextContent("business settings updated");
    expect(row).toHaveTextContent("Updated the business name, website");
    expect(row).toHaveTextContent("businesses");
    expect(row).toHaveTextContent("name: Old Café → New Café");
    expect(row).toHaveTextContent("website: none → https://new.example.com");
    expect(row).toHaveTextContent("22/11/2026, 10:05");
  });
});

// Issue 23: the page reads the email log's first page on the server; the hub draws it at once (it is
// in the first HTML) and asks only for older pages.
describe("activity hub started from the page's first email page", () => {
  it("shows the rows without a request, then pages older ones", async () => {
    const routes = installRouteFetch({ "GET /api/business/email-logs?before=2": { status: 200, body: { logs: [email(1)], nextBefore: null } } });
    renderWithClient(<ActivityHub firstEmails={{ logs: [email(3), email(2)], nextBefore: 2 }} />, { toast: false });
    expect(screen.getByText("c3@example.test")).toBeInTheDocument();
    expect(screen.getByText("c2@example.test")).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading the email log" })).not.toBeInTheDocument();
    await flush();
    expect(routes.calls).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "load older entries" }));
    await flush();
    expect(routes.calls.map((c) => c.url)).toEqual(["/api/business/email-logs?before=2"]);
    expect(screen.getByText("c1@example.test")).toBeInTheDocument();
  });
});

describe("describeChanges", () => {
  it("writes values a person can read and skips unchanged fields", () => {
    expect(
      describeChanges(
        { emailMarketing: false, phone: "+447700900123", at: "2026-11-22T10:00:00.000Z", same: 1 },
        { emailMarketing: true, phone: "+447700900999", at: "2026-11-23T10:00:00.000Z", same: 1, tags: ["a", "b"] },
      ),
    ).toEqual([
      { field: "email marketing", from: "no", to: "yes" },
      { field: "phone", from: "07700 900123", to: "07700 900999" },
      { field: "at", from: "22/11/2026, 10:00", to: "23/11/2026, 10:00" },
      { field: "tags", from: null, to: "a, b" },
    ]);
    expect(describeChanges({ username: "leaver" }, null)).toEqual([{ field: "username", from: "leaver", to: null }]);
    expect(describeChanges(null, null)).toEqual([]);
    expect(describeChanges(null, { nested: { sessionsRevoked: 1 } })).toEqual([{ field: "nested", from: null, to: "sessions revoked: 1" }]);
  });

  // Issue 20 item 7: the log read like a database ("amount pence: 1250", raw ids,
  // "pro_starter -> pro_max", a date of birth as "12/04/1990, 01:00", +44 phone numbers).
  it("reads like a product: pounds, plan names, UK phones, dates of birth without a time, no ids", () => {
    expect(
      describeChanges(
        { amountPence: 1000, subscriptionStatus: "pro_starter", phone: "+447737100372", dateOfBirth: null, customerId: 7 },
        { amountPence: 1250, subscriptionStatus: "pro_max", phone: "+447737100999", dateOfBirth: "1990-04-12T00:00:00.000Z", customerId: 8, id: 3 },
      ),
    ).toEqual([
      { field: "amount", from: "£10.00", to: "£12.50" },
      { field: "subscription status", from: "starter", to: "max" },
      { field: "phone", from: "07737 100372", to: "07737 100999" },
      { field: "date of birth", from: "none", to: "12/04/1990" },
    ]);
    expect(describeChanges(null, { transaction: { id: 9, amount_pence: 250 } })).toEqual([{ field: "transaction", from: null, to: "amount: £2.50" }]);
  });
});
