"use client";

import { RefreshCw, ShieldCheck, UserCheck } from "lucide-react";
import { Explainer } from "@/components/ui/explainer";
import { VOUCHER_EXPLAINER_TITLES as TITLES } from "@/components/vouchers/voucher-hub-parts";

// Spec 2.6: three explainer cards whose open state is remembered for the browser session.

export const VOUCHER_EXPLAINER_KEYS = {
  status: "vouchers:explainer:status",
  permissions: "vouchers:explainer:permissions",
  protection: "vouchers:explainer:protection",
} as const;

export function VoucherExplainers() {
  return (
    <div className="grid items-start gap-3 lg:grid-cols-3">
      <Explainer storageKey={VOUCHER_EXPLAINER_KEYS.status} title={TITLES.status} icon={RefreshCw}>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <span className="font-medium text-foreground">active</span>: ready to use; it can be edited or cancelled.
          </li>
          <li>
            <span className="font-medium text-foreground">redeemed</span>: used in a transaction. deleting that transaction makes it active again.
          </li>
          <li>
            <span className="font-medium text-foreground">expired</span>: its expiry date has passed (it lasts until 23:59:59 UK time that day).
          </li>
          <li>
            <span className="font-medium text-foreground">cancelled or deleted</span>: withdrawn by you; it can no longer be used.
          </li>
        </ul>
        <p>statuses update automatically when a voucher is used at the till or its expiry passes. only active vouchers can be edited or cancelled.</p>
      </Explainer>
      <Explainer storageKey={VOUCHER_EXPLAINER_KEYS.permissions} title={TITLES.permissions} icon={UserCheck}>
        <p>vouchers are marketing, so they only go to customers who said yes: email needs email consent and SMS needs SMS consent.</p>
        <p>asleep, snoozed, closed and parked customers cannot receive vouchers. customers can change their preferences at any time from the link in every voucher.</p>
      </Explainer>
      <Explainer storageKey={VOUCHER_EXPLAINER_KEYS.protection} title={TITLES.protection} icon={ShieldCheck}>
        <p>each customer can receive at most one voucher per week, and at most 2 voucher texts a month, so nobody feels spammed.</p>
        <p>codes are upper case, each voucher belongs to one customer, and an expired or used voucher is refused at the till.</p>
      </Explainer>
    </div>
  );
}
