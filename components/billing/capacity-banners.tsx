"use client";

import { useState } from "react";
import { PlanBanners, type PlanBannerInput } from "@/components/account/plan-banners";
import { LazyParkCustomersDialog } from "@/components/billing/lazy-park-customers-dialog";

/** The capacity and payment banners (spec 2 section 4.7) with their Park Customers dialog: the
 *  payment-issue variant parks for payment failure, the others for the downgrade. Shared by the
 *  dashboard and the account hub. onParkClosed: the dialog closed (the dashboard, rendered on the
 *  server, renders again to show what parking changed). */
export function CapacityBanners({ input, onParkClosed }: { input: PlanBannerInput; onParkClosed?: () => void }) {
  const [parking, setParking] = useState(false);
  const onParkOpenChange = (open: boolean) => {
    setParking(open);
    if (!open) onParkClosed?.();
  };
  const kind = input.subscriptionStatus === "payment_failed" ? "payment_failure" : "downgrade";
  return (
    <>
      <PlanBanners input={input} onPark={() => setParking(true)} />
      <LazyParkCustomersDialog kind={kind} open={parking} onOpenChange={onParkOpenChange} />
    </>
  );
}
