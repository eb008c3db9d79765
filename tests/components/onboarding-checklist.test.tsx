import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/client/query-client";
import { Toaster } from "@/components/ui/toaster";
import { dismiss } from "@/hooks/use-toast";
import { OnboardingChecklist, SETUP_POLL_MS } from "@/components/onboarding/onboarding-checklist";
import { buildSetupProgress, SETUP_STEP_IDS } from "@/lib/onboarding/progress";
import { installDomShims, installRouteFetch } from "./account-route-fetch";

const done = (...ids: string[]) => buildSetupProgress(ids.map((stepId) => ({ stepId, completedAt: "2026-11-20T10:00:00Z" })));

function renderChecklist() {
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <OnboardingChecklist />
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeAll(installDomShims);
afterEach(() => {
  act(() => dismiss());
  jest.useRealTimers();
});

describe("onboarding checklist", () => {
  it("highlights the first incomplete step only, with its points and what to do", async () => {
    installRouteFetch({ "GET /api/setup/progress": { status: 200, body: done("welcome", "first_customer") } });
    renderChecklist();
    const next = await screen.findByTestId("setup-step-business_profile");
    expect(next).toHaveAttribute("aria-current", "step");
    expect(within(next).getByText("next up")).toBeInTheDocument();
    expect(within(next).getByText("15 points")).toBeInTheDocument();
    expect(screen.getAllByText("next up")).toHaveLength(1);
    for (const id of SETUP_STEP_IDS.filter((s) => s !== "business_profile")) {
      expect(screen.getByTestId(`setup-step-${id}`)).not.toHaveAttribute("aria-current");
    }
    // event-driven steps link to where they happen; done steps say when
    expect(within(screen.getByTestId("setup-step-create_voucher")).getByRole("link", { name: "create a voucher" })).toHaveAttribute("href", "/vouchers");
    expect(within(screen.getByTestId("setup-step-welcome")).getByText("completed 20/11/2026")).toBeInTheDocument();
    expect(screen.getByTestId("setup-total-points")).toHaveTextContent("35");
    expect(screen.queryByTestId("setup-congratulations")).not.toBeInTheDocument();
  });

  it("shows the congratulations card once all seven steps are done, with every achievement unlocked", async () => {
    installRouteFetch({ "GET /api/setup/progress": { status: 200, body: done(...SETUP_STEP_IDS) } });
    renderChecklist();
    const card = await screen.findByTestId("setup-congratulations");
    expect(card).toHaveTextContent("congratulations, you're all set up!");
    expect(card).toHaveTextContent("300 points");
    expect(screen.queryByText("next up")).not.toBeInTheDocument();
    for (const id of ["first_steps", "customer_master", "loyalty_pioneer", "setup_master"]) {
      expect(screen.getByTestId(`achievement-${id}`)).toHaveAttribute("data-unlocked", "true");
    }
  });

  it("completes a manual step with 'Step Completed!' and moves the highlight on", async () => {
    const routes = installRouteFetch({
      "GET /api/setup/progress": { status: 200, body: done() },
      "POST /api/setup/complete-step": { status: 200, body: { message: "Step Completed!", alreadyCompleted: false, stepId: "welcome", progress: done("welcome") } },
    });
    renderChecklist();
    await userEvent.click(await screen.findByRole("button", { name: "mark as done: welcome aboard" }));
    expect(await screen.findByText("Step Completed!")).toBeInTheDocument();
    expect(routes.callsTo("POST", "/api/setup/complete-step")[0].body).toEqual({ stepId: "welcome" });
    await waitFor(() => expect(screen.getByTestId("setup-step-business_profile")).toHaveAttribute("aria-current", "step"));
  });

  it("shows the server's reason when a step cannot be completed", async () => {
    installRouteFetch({
      "GET /api/setup/progress": { status: 200, body: done() },
      "POST /api/setup/complete-step": { status: 409, body: { message: "Please complete your business profile (name, address and phone) in the account hub first." } },
    });
    renderChecklist();
    await userEvent.click(await screen.findByRole("button", { name: "mark as done: complete your business profile" }));
    expect(await screen.findByText("Please complete your business profile (name, address and phone) in the account hub first.")).toBeInTheDocument();
  });

  it("polls the progress every 5 seconds", async () => {
    jest.useFakeTimers();
    let reads = 0;
    installRouteFetch({ "GET /api/setup/progress": () => ({ status: 200, body: ++reads === 1 ? done() : done("welcome") }) });
    renderChecklist();
    await screen.findByTestId("setup-step-welcome");
    expect(screen.getByTestId("setup-step-welcome")).toHaveAttribute("aria-current", "step");
    await act(async () => {
      await jest.advanceTimersByTimeAsync(SETUP_POLL_MS);
    });
    expect(reads).toBe(2);
    await waitFor(() => expect(screen.getByTestId("setup-step-business_profile")).toHaveAttribute("aria-current", "step"));
  });
});
