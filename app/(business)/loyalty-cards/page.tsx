import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";
import { getCardHubStart } from "@/lib/cards/list-loyalty-cards";
import { CARDS_PAGE_SIZE, type CardHubStart } from "@/components/cards/card-hub-parts";
import { CardHubScreen } from "@/components/cards/card-hub-screen";
import { CardHubIsland } from "@/components/cards/card-hub-island";
import { asJson } from "@/lib/rules/as-json";

export const metadata: Metadata = { title: "Loyalty cards" };

// Issue 23: the first screen is rendered here with the business's newest cards and the counters over
// all of them; the hub's code takes over after the page has loaded and reads every card for the search.
export default async function Page() {
  const principal = await getPageBusinessPrincipal();
  if (!principal) redirect("/auth");
  const start = asJson<CardHubStart>(await getCardHubStart(principal.businessId, CARDS_PAGE_SIZE));
  return (
    <CardHubIsland start={start}>
      <CardHubScreen start={start} />
    </CardHubIsland>
  );
}
