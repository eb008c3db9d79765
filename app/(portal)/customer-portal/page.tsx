import { Suspense } from "react";
import type { Metadata } from "next";
import { PortalPage } from "@/components/portal/portal-page";
import { CustomerPortal } from "@/components/portal/customer-portal";
import { getPagePrincipal } from "@/lib/auth/page-session";
import { getPortalView } from "@/lib/portal/get-portal-view";
import { ACCESS_GRANTED, NO_PORTAL_ACCOUNT } from "@/lib/portal/verify-access";
import type { VerifyAccessResponse } from "@/lib/portal/types";

// Personal data: never indexed, and the signed ?access= link is never sent on as a referrer.
export const metadata: Metadata = { title: "Your loyalty account", referrer: "no-referrer", robots: { index: false, follow: false } };

/** What GET /api/customer-portal/account answers for this browser's portal session, read on the
 *  server so a returning customer's account renders with the page; undefined without a session. */
async function readInitialAccount(): Promise<VerifyAccessResponse | undefined> {
  const principal = await getPagePrincipal();
  if (principal?.kind !== "customer") return undefined;
  const { customer, accounts } = await getPortalView(principal.customerEmail, undefined);
  return { success: customer !== null, verified: true, email: principal.customerEmail, message: customer ? ACCESS_GRANTED : NO_PORTAL_ACCOUNT, customer, accounts };
}

// The portal reads ?access= with useSearchParams, which needs a Suspense boundary.
export default async function Page() {
  const initialAccount = await readInitialAccount();
  return (
    <PortalPage>
      <Suspense>
        <CustomerPortal initialAccount={initialAccount} />
      </Suspense>
    </PortalPage>
  );
}
