import { ChecklistBody, ChecklistHeading } from "@/components/onboarding/onboarding-parts";
import type { SetupProgress } from "@/lib/onboarding/progress";

/** The checklist's first screen, drawn on the server with the business's progress (issue 23). */
export function OnboardingScreen({ progress }: { progress: SetupProgress }) {
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <ChecklistHeading />
      <ChecklistBody progress={progress} />
    </div>
  );
}
