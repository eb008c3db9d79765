import { Suspense } from "react";
import type { Metadata } from "next";
import { PortalPage } from "@/components/portal/portal-page";
import { CustomerPreferences } from "@/components/portal/customer-preferences";

export const metadata: Metadata = { title: "Marketing preferences", referrer: "no-referrer", robots: { index: false, follow: false } };

// The flow reads ?access= with useSearchParams, which needs a Suspense boundary.
export default function Page() {
  return (
    <PortalPage>
      <Suspense>
        <CustomerPreferences />
      </Suspense>
    </PortalPage>
  );
}
