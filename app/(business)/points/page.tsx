import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";
import { getBusinessProfile } from "@/lib/business/get-business-profile";
import { listRateChanges } from "@/lib/rates/list-rate-changes";
import { PointsHubScreen } from "@/components/points/points-hub-screen";
import { PointsHubIsland } from "@/components/points/points-hub-island";

export const metadata: Metadata = { title: "Points" };

// The first screen is rendered here with the business's points configuration and rate change log
// (issue 23); the hub's code takes over after the page has loaded.
export default async function Page() {
  const principal = await getPageBusinessPrincipal();
  if (!principal) redirect("/auth");
  const [profile, trail] = await Promise.all([getBusinessProfile(principal.businessId), listRateChanges(principal.businessId)]);
  return (
    <PointsHubIsland profile={profile} trail={trail}>
      <PointsHubScreen profile={profile} trail={trail} />
    </PointsHubIsland>
  );
}
