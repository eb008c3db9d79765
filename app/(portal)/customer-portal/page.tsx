import type { Metadata } from "next";
import { PortalPage } from "@/components/portal/portal-page";
import { CustomerPortal } from "@/components/portal/customer-portal";
import { PortalAccountView } from "@/components/portal/portal-account-view";
import { getPagePrincipal } from "@/lib/auth/page-session";
import { getPortalView } from "@/lib/portal/get-portal-view";
import { ACCESS_GRANTED, NO_PORTAL_ACCOUNT } from "@/lib/portal/verify-access";
import type { VerifyAccessResponse } from "@/lib/portal/types";

// Personal data: never indexed, and the signed ?access= link is never sent on as a referrer.
export const metadata: Metadata = { title: "Your loyalty account", referrer: "no-referrer", robots: { index: false, follow: false } };

/** What GET /api/customer-portal/account answers for this browser's portal session, read on the
 *  server so a returning customer's account renders with the page; null without a session (the
 *  email step is then the first HTML, with no request from the browser). */
async function readInitialAccount(): Promise<VerifyAccessResponse | null> {
  const principal = await getPagePrincipal();
  if (principal?.kind !== "customer") return null;
  const { customer, accounts } = await getPortalView({ email: principal.customerEmail, onlyCustomerId: principal.customerId }, undefined);
  return { success: customer !== null, verified: true, email: principal.customerEmail, message: customer ? ACCESS_GRANTED : NO_PORTAL_ACCOUNT, customer, accounts };
}

// The portal reads ?access= with useSearchParams. The page is rendered per request (it reads the
// session cookie), so that works on the server without a Suspense boundary, and the account is
// part of the first HTML: a boundary this large would be streamed after the rest of the page and
// shown later, making the page's largest paint wait for it.
// Issue 23: a returning customer's account is drawn here, as server components (PortalAccountView);
// CustomerPortal is the client state around it (sign-out and switching are its islands), so the
// browser hydrates the controls, not the whole account.
export default async function Page() {
  const initialAccount = await readInitialAccount();
  const customer = initialAccount?.customer;
  return (
    <PortalPage>
      {customer ? (
        <CustomerPortal>
          <PortalAccountView customer={customer} accounts={initialAccount?.accounts ?? []} />
        </CustomerPortal>
      ) : (
        <CustomerPortal initialAccount={initialAccount} />
      )}
    </PortalPage>
  );
}
