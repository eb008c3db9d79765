/** @jest-environment node */
import { GET as accountsOf } from "@/app/api/customer-portal/accounts/[email]/route";
import { GET as preferencesOf } from "@/app/api/customer-portal/preferences/[email]/route";
import { sessionCookieName } from "@/lib/auth/cookies";
import { resolvePrincipal, type CustomerPrincipal } from "@/lib/auth/principal";
import { getPreferencesStart } from "@/lib/portal/get-preferences-start";
import { call } from "../helpers/http";
import { businessWithCustomer, provePortalEmail, uniqueEmail } from "./portal-fixtures";

// Issue 23: /customer-preferences reads what its flow starts from on the server. It must be what
// the two GET routes answer the same session (the client reads them for every later step).

const enc = encodeURIComponent;

async function principalOf(cookie: string): Promise<CustomerPrincipal> {
  const value = new RegExp(`${sessionCookieName()}=([^;]+)`).exec(cookie)?.[1];
  const principal = await resolvePrincipal(value);
  if (principal?.kind !== "customer") throw new Error("no portal session in the cookie");
  return principal;
}

describe("getPreferencesStart", () => {
  it("one account: the accounts and the preferences record, as the routes answer them", async () => {
    const { email } = await businessWithCustomer(uniqueEmail("start"));
    const { cookie } = await provePortalEmail(email);
    const start = await getPreferencesStart(await principalOf(cookie));
    const accounts = await call(accountsOf, { cookie, params: { email: enc(email) } });
    const record = await call(preferencesOf, { cookie, params: { email: enc(email) } });
    expect(start).toEqual({ email, accounts: accounts.json.accounts, preferences: record.json });
  });

  it("several accounts: the accounts only (the customer chooses one first)", async () => {
    const email = uniqueEmail("start2");
    await businessWithCustomer(email);
    await businessWithCustomer(email);
    const { cookie } = await provePortalEmail(email);
    const start = await getPreferencesStart(await principalOf(cookie));
    const accounts = await call(accountsOf, { cookie, params: { email: enc(email) } });
    expect(start).toEqual({ email, accounts: accounts.json.accounts, preferences: undefined });
    expect(start.accounts).toHaveLength(2);
  });
});
