import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";
import { getSetupProgress } from "@/lib/onboarding/get-setup-progress";
import type { SetupProgress } from "@/lib/onboarding/progress";
import { OnboardingIsland } from "@/components/onboarding/onboarding-island";
import { OnboardingScreen } from "@/components/onboarding/onboarding-screen";
import { asJson } from "@/lib/rules/as-json";
import { reportServerError } from "@/lib/log";

export const metadata: Metadata = { title: "Setup checklist" };

// Issue 23: the checklist is read here, as GET /api/setup/progress reads it, and drawn on the server;
// the live checklist (its 5 s poll, "mark as done") takes over after load. When the read fails the
// live checklist takes over at once and asks the API itself, with its own error state.
export default async function Page() {
  const principal = await getPageBusinessPrincipal();
  if (!principal) redirect("/auth");
  const { businessId } = principal;
  const progress = await getSetupProgress(businessId).then(
    (read) => asJson<SetupProgress>(read),
    (error: unknown) => {
      reportServerError(error, { source: "onboarding page", businessId });
      return undefined;
    },
  );
  return <OnboardingIsland initial={progress}>{progress && <OnboardingScreen progress={progress} />}</OnboardingIsland>;
}
