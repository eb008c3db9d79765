import { render, screen, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/client/query-client";
import { ProUpgradeModal } from "@/components/billing/pro-upgrade-modal";
import { SubscriptionCard } from "@/components/account/subscription-card";
import type { BusinessSettingsDto } from "@/lib/business/business-dto";
import { installDomShims } from "./account-route-fetch";

// Issue 16 item 8: spec 2 section 1's paid-plan benefits and non-profit line, word for word, in the
// upgrade modal and in the subscription and billing card.

jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), back: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => "/account",
  useSearchParams: () => new URLSearchParams(),
}));

const BENEFITS = ["unlimited customers", "advanced analytics", "priority support", "custom branding"];
const NON_PROFIT = "Non-profits contact the provider for special pricing.";

const wrap = (ui: React.ReactNode) => render(<QueryClientProvider client={makeQueryClient()}>{ui}</QueryClientProvider>);

function expectBenefits(scope: HTMLElement) {
  const list = within(scope).getByRole("list", { name: "max plan benefits" });
  expect(within(list).getAllByRole("listitem").map((li) => li.textContent?.trim())).toEqual(BENEFITS);
  expect(within(scope).getByText(NON_PROFIT)).toBeInTheDocument();
}

beforeAll(installDomShims);

describe("paid-plan texts", () => {
  it("the upgrade modal lists the benefits and the non-profit line", () => {
    wrap(<ProUpgradeModal open onOpenChange={() => {}} />);
    expectBenefits(screen.getByRole("dialog"));
  });

  it("the subscription and billing card lists them too", () => {
    const business = { subscriptionStatus: "pro_starter", isFounderMember: false, paymentFailedAt: null, trialEndsAt: null, subscriptionPrice: null } as unknown as BusinessSettingsDto;
    const { container } = wrap(<SubscriptionCard business={business} customersUsed={3} customersLimit={10} />);
    expectBenefits(container);
  });
});
