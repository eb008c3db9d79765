"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Gift, ShoppingBag } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { queryKeys } from "@/lib/client/query-keys";
import { formatDateTime, formatGBP } from "@/lib/rules/format";
import { parsePounds } from "@/lib/rules/money";
import type { StaffCustomer, StaffTransaction } from "@/lib/staff/types";
import { signedPointsText, staffTransactionLabel } from "@/components/staff/staff-labels";
import { StaffTransactionDialog, type StaffTransactionMode } from "@/components/staff/staff-transaction-dialog";
import { formatMembershipNumber } from "@/lib/rules/membership-number";
import { TransactionLine } from "@/components/ui/transaction-line";

const gbp = (amount: string) => formatGBP(parsePounds(amount) ?? 0);

/** The selected customer: points balance, total spent, the two actions and the last 5 transactions. */
export function StaffCustomerPanel({ customer }: { customer: StaffCustomer }) {
  const [mode, setMode] = useState<StaffTransactionMode | null>(null);
  const transactions = useQuery<StaffTransaction[]>({ queryKey: queryKeys.staffTransactions(customer.id) });

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
            <ShoppingBag className="h-4 w-4" aria-hidden /> process transaction
          </Button>
          <Button variant="outline" onClick={() => setMode("bonus")}>
            <Gift className="h-4 w-4" aria-hidden /> award bonus points
          </Button>
        </div>
        <section aria-labelledby="staff-recent-heading" className="grid gap-2">
          <h3 id="staff-recent-heading" className="font-semibold">
            Recent Transactions
          </h3>
          {transactions.isPending ? (
            <div className="grid gap-2" aria-busy="true">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          ) : transactions.isError ? (
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
      <StaffTransactionDialog customer={customer} mode={mode} onClose={() => setMode(null)} />
    </Card>
  );
}
