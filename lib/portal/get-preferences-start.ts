import "server-only";
import type { CustomerPrincipal } from "@/lib/auth/principal";
import { portalScope } from "@/lib/portal/portal-customers";
import { listPortalAccounts } from "@/lib/portal/list-portal-accounts";
import { getPreferences } from "@/lib/portal/get-preferences";
import type { PortalAccount, PreferencesRecord } from "@/lib/portal/types";

/** What /customer-preferences shows first for a browser with a portal session (issue 23: read with
 *  the page, so the form is in the first HTML): the proven address, its accounts and, when there is
 *  exactly one, its preferences record. The same reads as GET /api/customer-portal/accounts/{email}
 *  and GET /api/customer-portal/preferences/{email}. */
export async function getPreferencesStart(auth: CustomerPrincipal): Promise<{ email: string; accounts: PortalAccount[]; preferences?: PreferencesRecord }> {
  const scope = portalScope(auth);
  const accounts = await listPortalAccounts(scope);
  const preferences = accounts.length === 1 ? await getPreferences(scope, accounts[0].id) : undefined;
  return { email: auth.customerEmail, accounts, preferences };
}
