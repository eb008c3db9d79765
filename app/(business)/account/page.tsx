import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AccountHub, type AccountStart } from "@/components/account/account-hub";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";
import { getAccountStart } from "@/lib/account/get-account-start";
import { asJson } from "@/lib/rules/as-json";
import { QueryProvider } from "@/components/query-provider";

export const metadata: Metadata = { title: "Account" };

export default async function Page() {
  const principal = await getPageBusinessPrincipal();
  if (!principal) redirect("/auth");
  return (
    <QueryProvider>
      <AccountHub start={asJson<AccountStart>(await getAccountStart(principal.businessId))} />
    </QueryProvider>
  );
}
