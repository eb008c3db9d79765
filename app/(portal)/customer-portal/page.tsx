import { Suspense } from "react";
import type { Metadata } from "next";
import { PortalPage } from "@/components/portal/portal-page";
import { CustomerPortal } from "@/components/portal/customer-portal";

// Personal data: never indexed, and the signed ?access= link is never sent on as a referrer.
export const metadata: Metadata = { title: "Your loyalty account", referrer: "no-referrer", robots: { index: false, follow: false } };

// The portal reads ?access= with useSearchParams, which needs a Suspense boundary.
export default function Page() {
  return (
    <PortalPage>
      <Suspense>
        <CustomerPortal />
      </Suspense>
    </PortalPage>
  );
}
