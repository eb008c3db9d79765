import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";
import { getCustomerHubStart } from "@/lib/customers/get-customer-hub-start";
import { CustomerHubScreen } from "@/components/customers/customer-hub-screen";
import { CustomerHubIsland } from "@/components/customers/customer-hub-island";

export const metadata: Metadata = { title: "Customers" };

// The first screen (heading, toolbar, the newest customers) is rendered here with the business's
// data (issue 23); the hub's code takes over after the page has loaded. ?add=1 (the dashboard's
// cards, the referral link) opens the add-customer dialog, so the hub takes over at once; so it
// does when a server read failed (the hub then asks the API, with its own error states).
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const principal = await getPageBusinessPrincipal();
  if (!principal) redirect("/auth");
  const start = await getCustomerHubStart(principal.businessId, new Date());
  const eager = (await searchParams).add === "1" || start === null;
  return (
    <CustomerHubIsland start={start} eager={eager}>
      {start && <CustomerHubScreen start={start} />}
    </CustomerHubIsland>
  );
}
