import type { Metadata } from "next";
import { PortalPage } from "@/components/portal/portal-page";
import { CustomerPreferences } from "@/components/portal/customer-preferences";
import { getPagePrincipal } from "@/lib/auth/page-session";
import { getPreferencesStart } from "@/lib/portal/get-preferences-start";

export const metadata: Metadata = { title: "Marketing preferences", referrer: "no-referrer", robots: { index: false, follow: false } };

// A returning customer's session, accounts and preferences are read here, so the form is part of
// the first HTML (issue 23: the page used to paint a skeleton, then the form: CLS 0.258). The flow
// reads ?access= with useSearchParams: the page is rendered per request (it reads the session
// cookie), so that works on the server without a Suspense boundary, which would stream the form
// after the rest of the page.
export default async function Page() {
  const principal = await getPagePrincipal();
  const start = principal?.kind === "customer" ? await getPreferencesStart(principal) : null;
  return (
    <PortalPage>
      <CustomerPreferences start={start} />
    </PortalPage>
  );
}
