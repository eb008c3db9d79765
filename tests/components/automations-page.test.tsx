import { act, render, screen, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/client/query-client";
import { AutomationsPage, type AutomationSend } from "@/components/automations/automations-page";
import type { AutomationView } from "@/components/automations/automation-card";
import { AUTOMATION_KINDS, AUTOMATION_LABELS, defaultAutomation } from "@/lib/automations/automation-rules";
import { installFakeFetch } from "../helpers/fake-fetch";

// Issue 23: the Automations page reads the four automations and the log on the server; the page
// draws both from what it was given (the log is a server component) and asks the API for nothing.

// The cards' email previews (React Email, loaded on first preview) are automation-card.test.tsx's
// subject; here they render nothing.
jest.mock("@/lib/automations/automation-email", () => ({ automationEmail: () => ({ email: {}, sms: "" }) }));
jest.mock("@/lib/email/render-email", () => ({ renderEmail: async () => ({ html: "" }) }));

if (!("ResizeObserver" in globalThis)) {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

const automations: AutomationView[] = AUTOMATION_KINDS.map((kind) => ({ ...defaultAutomation(kind), ...AUTOMATION_LABELS[kind], enabled: kind === "win_back" }));
const send: AutomationSend = { id: "12", kind: "win_back", reason: "no visit for 45 days", sentByEmail: true, sentBySms: true, status: "sent", note: null, createdAt: "2026-11-22T10:00:00.000Z", customer: { id: 3, name: "Sam Smith" } };

it("shows the business's automations and log from the server's reads, without a request", async () => {
  const fetchMock = installFakeFetch({ status: 500, body: { message: "not asked" } });
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <AutomationsPage businessName="Bean There" automations={{ automations }} sends={[send]} />
    </QueryClientProvider>,
  );
  expect(screen.getByRole("heading", { level: 1, name: "automations" })).toBeInTheDocument();
  for (const kind of AUTOMATION_KINDS) expect(screen.getByText(AUTOMATION_LABELS[kind].title, { selector: "[data-slot=card-title]" })).toBeInTheDocument();
  expect(screen.getByRole("switch", { name: "On" })).toBeChecked();
  expect(screen.getAllByRole("switch", { name: "Off" })).toHaveLength(3);
  const row = within(screen.getByRole("table")).getAllByRole("row")[1];
  expect(row).toHaveTextContent("22 Nov 2026, 10:00");
  expect(row).toHaveTextContent("Sam Smith");
  expect(row).toHaveTextContent("Email + SMS");
  expect(screen.queryByText("Loading...")).not.toBeInTheDocument();
  await act(async () => {});
  expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/automations"))).toEqual([]);
});

it("says when nothing was sent yet", () => {
  installFakeFetch({ status: 500, body: { message: "not asked" } });
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <AutomationsPage businessName="Bean There" automations={{ automations }} sends={[]} />
    </QueryClientProvider>,
  );
  expect(screen.getByText("Nothing sent yet.")).toBeInTheDocument();
});
