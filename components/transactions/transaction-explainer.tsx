"use client";

import { Explainer } from "@/components/ui/explainer";
import { TRANSACTION_EXPLAINER_TITLE } from "@/components/transactions/transaction-hub-parts";

// Spec 2 section 2.1: the hub's collapsible explanation; its open state is kept for the browser
// session.

export const TRANSACTION_EXPLAINER_KEY = "transactions:explainer:open";

export function TransactionExplainer() {
  return (
    <Explainer title={TRANSACTION_EXPLAINER_TITLE} storageKey={TRANSACTION_EXPLAINER_KEY}>
      <p>
        <strong className="text-foreground">purchase</strong>: record what the customer spent. they earn points at their own
        rate (points per £1, always rounded down), and a promo code from one of their vouchers takes its discount off first.
      </p>
      <p>
        <strong className="text-foreground">points redemption</strong>: the customer spends points for money off. they need
        enough points and at least their minimum redemption; the value is worked out from their redemption rate.
      </p>
      <p>
        <strong className="text-foreground">bonus points</strong>: reward a customer with extra points, for example on their
        birthday. goodwill points, gifts between customers and manual adjustments work the same way.
      </p>
      <p>
        some actions need mobile or password confirmation: deleting a transaction for an &apos;other&apos; reason asks for
        your password, and customers are verified by mobile when they join. asleep and snoozed customers can only make
        purchases, and closed accounts cannot transact at all.
      </p>
    </Explainer>
  );
}
