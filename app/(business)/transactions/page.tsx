import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";
import { listTransactions } from "@/lib/transactions/list-transactions";
import { listPromoVouchers } from "@/lib/vouchers/search-vouchers";
import { TRANSACTIONS_PAGE_SIZE } from "@/components/transactions/transaction-hub-parts";
import { TransactionHubScreen } from "@/components/transactions/transaction-hub-screen";
import { TransactionHubIsland } from "@/components/transactions/transaction-hub-island";

export const metadata: Metadata = { title: "Transactions" };

// The first screen is rendered here with the business's newest transactions (issue 23); the hub's
// code takes over after the page has loaded. ?add=1&customerId=ID (the customer hub's 'process
// transaction') opens the Process Transaction dialog, so the hub takes over at once.
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const principal = await getPageBusinessPrincipal();
  if (!principal) redirect("/auth");
  const now = new Date();
  const rows = await listTransactions(principal.businessId, { limit: TRANSACTIONS_PAGE_SIZE });
  const promoRows = rows.filter((t) => t.promoCode);
  const promos = await listPromoVouchers(principal.businessId, promoRows.map((t) => t.promoCode!), promoRows.map((t) => t.customerId), now);
  const eager = (await searchParams).add === "1";
  return (
    <TransactionHubIsland rows={rows} promos={promos} eager={eager}>
      <TransactionHubScreen rows={rows} promos={promos} />
    </TransactionHubIsland>
  );
}
