"use client";

import { useState } from "react";
import { PlanBanners, type PlanBannerInput } from "@/components/account/plan-banners";
import { LazyParkCustomersDialog } from "@/components/billing/lazy-park-customers-dialog";

/** The capacity and payment banners (spec 2 section 4.7) with their Park Customers dialog: the
 *  payment-issue variant parks for payment failure, the others for the downgrade. Shared by the
 *  dashboard and the account hub. */
export function CapacityBanners({ input }: { input: PlanBannerInput }) {
  const [parking, setParking] = useState(false);
  const kind = input.subscriptionStatus === "payment_failed" ? "payment_failure" : "downgrade";
  return (
    <>
      <PlanBanners input={input} onPark={() => setParking(true)} />
      <LazyParkCustomersDialog kind={kind} open={parking} onOpenChange={setParking} />
    </>
  );
}
