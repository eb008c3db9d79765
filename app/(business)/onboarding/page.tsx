import type { Metadata } from "next";
import { OnboardingChecklist } from "@/components/onboarding/onboarding-checklist";
import { QueryProvider } from "@/components/query-provider";

export const metadata: Metadata = { title: "Setup checklist" };

export default function Page() {
  return (
    <QueryProvider>
      <OnboardingChecklist />
    </QueryProvider>
  );
}
