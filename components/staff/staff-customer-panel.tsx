"use client";

import { useEffect, useState } from "react";
import dynamic from "next/dynamic";
import { Button } from "@/components/ui/button";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { formatDateTime, formatGBP } from "@/lib/rules/format";
import { parsePounds } from "@/lib/rules/money";
import type { StaffCustomer, StaffTransaction } from "@/lib/staff/types";
import { signedPointsText, staffTransactionLabel } from "@/components/staff/staff-labels";
import type { StaffTransactionMode } from "@/components/staff/staff-transaction-dialog";
import { formatMembershipNumber } from "@/lib/rules/membership-number";
import { TransactionLine } from "@/components/ui/transaction-line";
import type { Json } from "@/components/portal/use-json";

// The dialog (Radix dialog, the transaction schema with zod) is not in the page's first load
// (issue 23): it is fetched once a customer is opened, before either button can be pressed, and
// mounted the first time one is.
const loadDialog = () => import("@/components/staff/staff-transaction-dialog");
const StaffTransactionDialog = dynamic(() => loadDialog().then((m) => m.StaffTransactionDialog), { ssr: false });

const gbp = (amount: string) => formatGBP(parsePounds(amount) ?? 0);

/** The two buttons' icons, drawn by the server (components/staff/staff-dashboard.tsx). */
export type StaffPanelIcons = { purchase: ReactNode; bonus: ReactNode };

/** The selected customer: points balance, total spent, the two actions and the last 5 transactions
 *  (read by the finder, which keeps each customer's answer while others are shown). `onRecorded`
 *  runs after a transaction is recorded. */
export function StaffCustomerPanel({ customer, transactions, onRecorded, icons }: { customer: StaffCustomer; transactions: Json<StaffTransaction[]>; onRecorded: () => void; icons: StaffPanelIcons }) {
  const [mode, setMode] = useState<StaffTransactionMode | null>(null);
  const dialogMounted = useOpenedOnce(mode !== null);
  useEffect(() => void loadDialog(), []);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="break-words text-xl">{customer.name}</CardTitle>
        <CardDescription className="break-words">
          {customer.email} · member {formatMembershipNumber(customer.membershipNumber)}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid grid-cols-2 gap-3">
          <div className="rounded-lg border p-3">
            <p className="text-xs text-muted-foreground">Points Balance</p>
            <p className="text-2xl font-bold" data-testid="staff-points-balance">
              {customer.pointsBalance.toLocaleString("en-GB")}
            </p>
          </div>
          <div className="rounded-lg border p-3">
            <p className="text-xs text-muted-foreground">Total Spent</p>
            <p className="text-2xl font-bold">{gbp(customer.lifetimeSpent)}</p>
          </div>
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          <Button onClick={() => setMode("purchase")}>
            {icons.purchase} process transaction
          </Button>
          <Button variant="outline" onClick={() => setMode("bonus")}>
            {icons.bonus} award bonus points
          </Button>
        </div>
        <section aria-labelledby="staff-recent-heading" className="grid gap-2">
          <h3 id="staff-recent-heading" className="font-semibold">
            Recent Transactions
          </h3>
          {transactions.pending ? (
            <div className="grid gap-2" aria-busy="true">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          ) : transactions.error !== undefined || transactions.data === undefined ? (
            <p className="text-sm text-destructive">Could not load the transactions.</p>
          ) : transactions.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No transactions yet.</p>
          ) : (
            <ul className="divide-y rounded-lg border" aria-label="Recent transactions">
              {transactions.data.map((t) => (
                <TransactionLine key={t.id} label={staffTransactionLabel(t.type)} date={formatDateTime(t.createdAt)} amount={gbp(t.amount)} points={signedPointsText(t.points)} sign={t.points} className="px-3" />
              ))}
            </ul>
          )}
        </section>
      </CardContent>
      {dialogMounted && <StaffTransactionDialog customer={customer} mode={mode} onClose={() => setMode(null)} onRecorded={onRecorded} />}
    </Card>
  );
}
