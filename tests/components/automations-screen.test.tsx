import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AutomationsScreen } from "@/components/automations/automations-screen";
import { AutomationsIsland } from "@/components/automations/automations-island";
import type { AutomationsPageProps } from "@/components/automations/automations-page";
import { automationKey, type AutomationView } from "@/components/automations/automation-card-parts";
import { AUTOMATION_KINDS, AUTOMATION_LABELS, defaultAutomation } from "@/lib/automations/automation-rules";
import { installDomShims, installRouteFetch } from "./account-route-fetch";
import { renderWithClient } from "../helpers/render-with-client";

// Issue 23: /automations renders the whole page on the server (the four cards as stored, their email
// previews, the log); the live page takes over after load, and a switch pressed before is pressed
// on the live one.

jest.mock("@/lib/automations/automation-email", () => ({ automationEmail: (subject: string, body: string) => ({ email: { subject, body }, sms: body }) }));
jest.mock("@/lib/email/render-email", () => ({ renderEmail: async (email: { body: string }) => ({ html: `<p>client: ${email.body}</p>` }) }));

installDomShims();
// The live page is the chunk the takeover imports after load; in jest that import is a cold transform
// that can outlast the waits below on a loaded machine. Load it once first, as a browser's cache would.
beforeAll(() => Promise.all([import("@/components/automations/automations-page")]), 60_000);

const automations: AutomationView[] = AUTOMATION_KINDS.map((kind) => ({ ...defaultAutomation(kind), ...AUTOMATION_LABELS[kind], enabled: kind === "win_back", sendSms: kind === "nearly_there" }));
const props: AutomationsPageProps = {
  businessName: "Bean There",
  automations: { automations },
  sends: [{ id: "12", kind: "win_back", reason: "no visit for 45 days", sentByEmail: true, sentBySms: false, status: "sent", note: null, createdAt: "2026-11-22T10:00:00.000Z", customer: { id: 3, name: "Sam Smith" } }],
  previews: Object.fromEntries(automations.map((a) => [automationKey(a), `<p>server: ${a.kind}</p>`])),
};

function page() {
  return (
    <AutomationsIsland {...props}>
      <AutomationsScreen {...props} />
    </AutomationsIsland>
  );
}

describe("the Automations page's server-rendered first screen", () => {
  it("shows every card as stored, its email preview from the server, and the log", () => {
    installRouteFetch({});
    renderWithClient(page(), { toast: false });
    expect(screen.getByRole("heading", { level: 1, name: "automations" })).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "On" })).toHaveAttribute("aria-checked", "true");
    expect(screen.getAllByRole("switch", { name: "Off" })).toHaveLength(3);
    expect(screen.getByTitle("win-back email preview")).toHaveAttribute("srcdoc", "<p>server: win_back</p>");
    expect(screen.getByTestId("nearly_there-sms-preview")).toHaveTextContent("Hi Sam, you have 85 points: just 15 more and you can redeem a reward at Bean There.");
    const winBack = screen.getByRole("group", { name: "win-back preview" }).closest("[data-slot=card]") as HTMLElement;
    expect(within(winBack).getByRole("checkbox", { name: "Email" })).toHaveAttribute("aria-checked", "true");
    expect(within(winBack).getByLabelText("No visit for (days)")).toHaveValue(45);
    expect(within(screen.getByRole("table")).getAllByRole("row")[1]).toHaveTextContent("Sam Smith");
  });

  it("replays a switch pressed before the page's code is in, and keeps the server's preview until the template changes", async () => {
    const routes = installRouteFetch({ "PUT /api/automations/birthday": { status: 200, body: { automation: {} } }, "GET /api/automations": { status: 200, body: { automations } } });
    const user = userEvent.setup();
    renderWithClient(page(), { toast: false });
    const birthday = () => screen.getByRole("group", { name: "birthday reward preview" }).closest("[data-slot=card]") as HTMLElement;
    await user.click(within(birthday()).getByRole("switch"));
    await waitFor(() => expect(routes.callsTo("PUT", "/api/automations/birthday")).toHaveLength(1), { timeout: 5000 });
    expect(routes.callsTo("PUT", "/api/automations/birthday")[0].body).toMatchObject({ enabled: true });
    expect(screen.getByTitle("win-back email preview")).toHaveAttribute("srcdoc", "<p>server: win_back</p>");
    const message = within(screen.getByRole("group", { name: "win-back preview" }).closest("[data-slot=card]") as HTMLElement).getByLabelText("Message");
    await user.clear(message);
    await user.type(message, "Come back soon");
    await waitFor(() => expect(screen.getByTitle("win-back email preview")).toHaveAttribute("srcdoc", "<p>client: Come back soon</p>"));
  });
});
