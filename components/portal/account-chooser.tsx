"use client";

import { ArrowLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/rules/format";
import type { PortalAccount } from "@/lib/portal/types";
import { pounds } from "@/components/portal/portal-labels";
import { formatMembershipNumber } from "@/lib/rules/membership-number";

/** Step 2 of the preferences flow: one address, several businesses (spec 3 section 2). */
export function AccountChooser({ accounts, onChoose, onBack }: { accounts: PortalAccount[]; onChoose: (a: PortalAccount) => void; onBack: () => void }) {
  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardHeader>
        <CardTitle className="text-xl">choose an account</CardTitle>
        <CardDescription>This email address belongs to {accounts.length} loyalty accounts. Which one would you like to manage?</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ul className="grid gap-3">
          {accounts.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                onClick={() => onChoose(a)}
                className="flex w-full items-center justify-between gap-3 rounded-lg border p-4 text-left transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                <span className="grid min-w-0 gap-1">
                  <span className="break-words font-medium">{a.businessName}</span>
                  <span className="text-xs text-muted-foreground">
                    Membership {formatMembershipNumber(a.membershipNumber)} · {a.totalPoints.toLocaleString("en-GB")} points · {pounds(a.lifetimeSpent)} spent · joined {formatDate(a.createdAt)}
                  </span>
                </span>
                <ChevronRight className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
        <Button variant="outline" className="w-full sm:w-fit" onClick={onBack}>
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Email Entry
        </Button>
      </CardContent>
    </Card>
  );
}
