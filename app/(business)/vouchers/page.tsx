import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";
import { listVoucherPage } from "@/lib/vouchers/list-vouchers";
import { VOUCHERS_PAGE_SIZE } from "@/components/vouchers/voucher-hub-parts";
import { VoucherHubScreen } from "@/components/vouchers/voucher-hub-screen";
import { VoucherHubIsland } from "@/components/vouchers/voucher-hub-island";

export const metadata: Metadata = { title: "Vouchers" };

// The first screen is rendered here with the business's newest vouchers (issue 23); the hub's code
// takes over after the page has loaded. ?create=1&customerIds=1,2,3 (the customer hub's 'send
// promo') opens the create dialog, so the hub takes over at once.
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const principal = await getPageBusinessPrincipal();
  if (!principal) redirect("/auth");
  const firstPage = await listVoucherPage(principal.businessId, new Date(), VOUCHERS_PAGE_SIZE);
  const eager = (await searchParams).create === "1";
  return (
    <VoucherHubIsland firstPage={firstPage} eager={eager}>
      <VoucherHubScreen firstPage={firstPage} />
    </VoucherHubIsland>
  );
}
