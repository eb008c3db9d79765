import type { Metadata } from "next";
import { OnboardingChecklist } from "@/components/onboarding/onboarding-checklist";

export const metadata: Metadata = { title: "Setup checklist" };

export default function Page() {
  return <OnboardingChecklist />;
}
