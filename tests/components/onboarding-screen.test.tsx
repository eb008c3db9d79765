import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { getQueryClient, makeQueryClient } from "@/lib/client/query-client";
import { queryKeys } from "@/lib/client/query-keys";
import { Toaster } from "@/components/ui/toaster";
import { dismiss } from "@/hooks/use-toast";
import { OnboardingChecklist } from "@/components/onboarding/onboarding-checklist";
import { OnboardingIsland } from "@/components/onboarding/onboarding-island";
import { OnboardingScreen } from "@/components/onboarding/onboarding-screen";
import { buildSetupProgress, SETUP_STEP_IDS, type SetupProgress } from "@/lib/onboarding/progress";
import { installDomShims, installRouteFetch } from "./account-route-fetch";

// Issue 23: /onboarding draws the checklist on the server from the progress it read; the live
// checklist (the 5 s poll, "mark as done") takes over after load, starting from that progress, and a
// "mark as done" pressed before its code was in is sent once it is. The page mounts no react-query
// provider: the live checklist brings it.

installDomShims();
// The live checklist is the chunk the takeover imports after load; in jest that import is a cold
// transform that can outlast the waits below on a loaded machine. Load it once first.
beforeAll(() => Promise.all([import("@/components/onboarding/onboarding-checklist"), import("@/components/query-provider")]), 60_000);
afterEach(() => {
  act(() => dismiss());
  getQueryClient().clear();
});

const done = (...ids: string[]): SetupProgress => JSON.parse(JSON.stringify(buildSetupProgress(ids.map((stepId) => ({ stepId, completedAt: "2026-11-20T10:00:00Z" })))));

it("the server's screen is the markup the live checklist draws for the same progress", () => {
  installRouteFetch({});
  for (const progress of [done(), done("welcome", "first_customer"), done(...SETUP_STEP_IDS)]) {
    const server = render(<OnboardingScreen progress={progress} />);
    const serverHtml = server.container.innerHTML;
    server.unmount();
    const live = render(
      <QueryClientProvider client={makeQueryClient()}>
        <OnboardingChecklist initial={progress} />
      </QueryClientProvider>,
    );
    expect(live.container.innerHTML).toBe(serverHtml);
    live.unmount();
  }
});

it("'mark as done' pressed before the live checklist is in is sent once it is, without reading the progress again", async () => {
  const routes = installRouteFetch({
    "GET /api/setup/progress": { status: 200, body: done("welcome") },
    "POST /api/setup/complete-step": { status: 200, body: { message: "Step Completed!", alreadyCompleted: false, stepId: "welcome", progress: done("welcome") } },
  });
  const progress = done();
  render(
    <>
      <OnboardingIsland initial={progress}>
        <OnboardingScreen progress={progress} />
      </OnboardingIsland>
      <Toaster />
    </>,
  );
  const welcome = screen.getByTestId("setup-step-welcome");
  expect(welcome).toHaveAttribute("aria-current", "step");
  await userEvent.click(within(welcome).getByRole("button", { name: "mark as done: welcome aboard" }));
  expect(await screen.findByText("Step Completed!", {}, { timeout: 5000 })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId("setup-step-business_profile")).toHaveAttribute("aria-current", "step"));
  expect(screen.getByTestId("setup-total-points")).toHaveTextContent("10");
  expect(routes.calls.map((c) => `${c.method} ${c.url}`)).toEqual(["POST /api/setup/complete-step"]);
  expect(routes.calls[0].body).toEqual({ stepId: "welcome" });
});

it("the live checklist shows the server's progress, not an older one cached on an earlier visit in the tab", async () => {
  const routes = installRouteFetch({});
  getQueryClient().setQueryData(queryKeys.setupProgress, done());
  const progress = done("welcome");
  render(
    <OnboardingIsland initial={progress}>
      <OnboardingScreen progress={progress} />
    </OnboardingIsland>,
  );
  // The takeover starts when the browser is idle: here, after its fallback timer.
  await waitFor(() => expect(getQueryClient().getQueryCache().find({ queryKey: queryKeys.setupProgress })?.getObserversCount()).toBe(1), { timeout: 5000 });
  expect(screen.getByTestId("setup-step-welcome")).toHaveTextContent("completed 20/11/2026");
  expect(screen.getByTestId("setup-step-business_profile")).toHaveAttribute("aria-current", "step");
  expect(routes.calls).toEqual([]);
});
