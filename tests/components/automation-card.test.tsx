import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/client/query-client";
import { AutomationCard, type AutomationView } from "@/components/automations/automation-card";
import { AUTOMATION_LABELS, defaultAutomation } from "@/lib/automations/automation-rules";
import { installFakeFetch } from "../helpers/fake-fetch";
import { setImmediate as nodeSetImmediate } from "node:timers";
import { TextDecoder as NodeTextDecoder } from "node:util";

// Issue 25: the automation card's live preview follows the template as it is typed, and saving
// sends the settings and shows the server's message when refused.

// The preview renders with React Email's server renderer (react-dom/server's Node stream in jest),
// which needs Node's setImmediate and TextDecoder; jsdom's globals lack them.
Object.assign(globalThis, { setImmediate: globalThis.setImmediate ?? nodeSetImmediate, TextDecoder: globalThis.TextDecoder ?? NodeTextDecoder });

if (!("ResizeObserver" in globalThis)) {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

const view = (): AutomationView => ({ ...defaultAutomation("nearly_there"), sendSms: true, ...AUTOMATION_LABELS.nearly_there });

function renderCard() {
  return render(
    <QueryClientProvider client={makeQueryClient()}>
      <AutomationCard automation={view()} businessName="Bean There" />
    </QueryClientProvider>,
  );
}

describe("AutomationCard", () => {
  // The card imports the email template and React Email's renderer on its first preview (issue 23:
  // not with the page). In jest that import is a cold transform of React Email (~2.5 s on this
  // machine), longer than waitFor's 1 s: load it once before the tests, as a browser's cache would.
  beforeAll(() => Promise.all([import("@/lib/automations/automation-email"), import("@/lib/email/render-email")]), 30_000);

  it("previews the message with sample values while typing", async () => {
    renderCard();
    expect(screen.getByTestId("nearly_there-sms-preview")).toHaveTextContent("Hi Sam, you have 85 points: just 15 more and you can redeem a reward at Bean There.");
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Only {pointsToGo} to go, {firstName}!" } });
    expect(screen.getByTestId("nearly_there-sms-preview")).toHaveTextContent("Only 15 to go, Sam!");
    await waitFor(() => expect(screen.getByTitle("nearly there email preview")).toHaveAttribute("srcdoc", expect.stringContaining("Only 15 to go, Sam!")));
  });

  it("saves the settings and shows the server's refusal", async () => {
    const fetchMock = installFakeFetch({ status: 400, body: { message: "Points within must be between 1 and 10000" } });
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Points within must be between 1 and 10000");
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith("/api/automations/nearly_there", expect.objectContaining({ method: "PUT" })));
  });
});
