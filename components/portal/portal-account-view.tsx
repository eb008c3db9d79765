"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { CalendarDays, CreditCard, Gift, Mail, MapPin, Phone, PoundSterling, Receipt, Star, Wallet } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { SectionCard } from "@/components/ui/section-card";
import { TransactionLine } from "@/components/ui/transaction-line";
import { formatDate } from "@/lib/rules/format";
import type { PortalAccountLink, PortalCustomer } from "@/lib/portal/types";
import { earnLine, portalTransactionLabel, pounds, signedPoints, voucherDiscount } from "@/components/portal/portal-labels";
import { formatUkPhone } from "@/lib/rules/uk-phone-format";
import { PortalTierAndReferral } from "@/components/referrals/portal-tier-and-referral"; // issue 26
import { formatMembershipNumber } from "@/lib/rules/membership-number";

type Props = {
  customer: PortalCustomer;
  accounts: PortalAccountLink[];
  onSwitchAccount: (customerId: number) => void;
  onSignOut: () => void;
  signingOut: boolean;
  switching: boolean;
};

/** The customer portal (spec 3 section 2): welcome, membership number, points, lifetime spent,
 *  contact details, wallet pass, vouchers, the last 10 transactions and account details. */
export function PortalAccountView({ customer, accounts, onSwitchAccount, onSignOut, signingOut, switching }: Props) {
  const c = customer;
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4 sm:gap-6" aria-busy={switching || undefined}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold sm:text-3xl">welcome back, {c.name}!</h1>
          <p className="text-muted-foreground">Your loyalty account at {c.business.name}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link href="/customer-preferences">Marketing preferences</Link>
          </Button>
          <Button variant="outline" size="sm" onClick={onSignOut} disabled={signingOut}>
            {signingOut ? "Signing out..." : "Sign out"}
          </Button>
        </div>
      </div>

      {accounts.length > 1 ? (
        <nav aria-label="Your loyalty accounts" className="flex gap-2 overflow-x-auto pb-1">
          {accounts.map((a) => (
            <Button key={a.id} size="sm" variant={a.id === c.id ? "default" : "outline"} aria-current={a.id === c.id ? "page" : undefined} onClick={() => onSwitchAccount(a.id)} disabled={switching}>
              {a.businessName}
            </Button>
          ))}
        </nav>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-3">
        <Stat icon={<CreditCard className="h-4 w-4" />} label="membership number">
          <p className="font-mono text-2xl font-bold tracking-wider">{formatMembershipNumber(c.membershipNumber)}</p>
        </Stat>
        <Stat icon={<Star className="h-4 w-4" />} label="points balance">
          <p className="text-2xl font-bold">{c.totalPoints.toLocaleString("en-GB")}</p>
          <p className="text-xs text-muted-foreground">{earnLine(c.business.pointsPerPound)}</p>
        </Stat>
        <Stat icon={<PoundSterling className="h-4 w-4" />} label="lifetime spent">
          <p className="text-2xl font-bold">{pounds(c.lifetimeSpent)}</p>
        </Stat>
      </div>

      <PortalTierAndReferral tier={c.tier} referral={c.referral} />

      <div className="grid gap-4 md:grid-cols-2">
        <Card className="gap-4">
          <CardHeader>
            <CardTitle>contact details</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            <Line icon={<Mail className="h-4 w-4" />}>{c.email}</Line>
            <Line icon={<Phone className="h-4 w-4" />}>{formatUkPhone(c.phone)}</Line>
            {c.address || c.postcode ? <Line icon={<MapPin className="h-4 w-4" />}>{[c.address, c.postcode].filter(Boolean).join(", ")}</Line> : null}
          </CardContent>
        </Card>
        {/* Spec 3 section 2: the download button only if a pass link exists (issue 20: a
            "Wallet Pass" button without one claimed the pass was being generated). */}
        {c.passUrl && (
          <Card className="gap-4">
            <CardHeader>
              <CardTitle>digital wallet pass</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">
              <p className="text-muted-foreground">Keep your loyalty card on your phone.</p>
              <Button asChild className="w-full sm:w-fit">
                <a href={c.passUrl} target="_blank" rel="noopener noreferrer">
                  <Wallet className="h-4 w-4" aria-hidden /> Download Wallet Pass
                </a>
              </Button>
            </CardContent>
          </Card>
        )}
      </div>

      <SectionCard icon={<Gift className="h-4 w-4" aria-hidden />} title="available vouchers">
        {c.vouchers.length === 0 ? (
          <p className="text-sm text-muted-foreground">No vouchers available right now.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {c.vouchers.map((v) => (
              <li key={v.id} className="grid gap-1 rounded-lg border p-3">
                <div className="flex items-start justify-between gap-2">
                  <p className="min-w-0 break-words font-medium">{v.title}</p>
                  <Badge variant={v.status === "active" ? "success" : "secondary"}>{v.status}</Badge>
                </div>
                {v.description ? <p className="text-sm text-muted-foreground">{v.description}</p> : null}
                <p className="text-lg font-bold text-primary">{voucherDiscount(v)}</p>
                <p className="text-xs text-muted-foreground">
                  Code <span className="font-mono font-medium text-foreground">{v.promoCode}</span> · {v.expiryDate ? `Expires ${formatDate(v.expiryDate)}` : "No expiry date"}
                </p>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>

      <SectionCard icon={<Receipt className="h-4 w-4" aria-hidden />} title="recent transactions">
        {c.transactions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No transactions yet.</p>
        ) : (
          <ul className="divide-y" aria-label="Recent transactions">
            {c.transactions.map((t) => {
              const points = signedPoints(t);
              const sign = points.startsWith("+") ? 1 : points.startsWith("-") ? -1 : 0;
              const amount = t.type === "purchase" || t.type === "points_redemption" ? pounds(t.amount) : null;
              return <TransactionLine key={t.id} label={portalTransactionLabel(t.type)} date={formatDate(t.createdAt)} amount={amount} points={points} sign={sign} />;
            })}
          </ul>
        )}
      </SectionCard>

      <SectionCard icon={<CalendarDays className="h-4 w-4" aria-hidden />} title="account details" contentClassName="grid gap-2 text-sm sm:grid-cols-2">
        <p>
          <span className="text-muted-foreground">Member since: </span>
          {formatDate(c.createdAt)}
        </p>
        <p>
          <span className="text-muted-foreground">Last visit: </span>
          {c.lastVisit ? formatDate(c.lastVisit) : "No visits yet"}
        </p>
      </SectionCard>
    </div>
  );
}

function Stat({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Card className="gap-2 py-4">
      <CardContent className="grid gap-1">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <span aria-hidden>{icon}</span>
          {label}
        </p>
        {children}
      </CardContent>
    </Card>
  );
}

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex min-w-0 items-start gap-2">
      <span className="mt-0.5 text-muted-foreground" aria-hidden>
        {icon}
      </span>
      <span className="min-w-0 break-words">{children}</span>
    </p>
  );
}
