import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CalendarDaysIcon, CreditCardIcon, GiftIcon, MailIcon, MapPinIcon, PhoneIcon, PoundSterlingIcon, ReceiptIcon, StarIcon, WalletIcon } from "lucide-react";
import { SectionCard } from "@/components/ui/section-card";
import { TransactionLine } from "@/components/ui/transaction-line";
import { formatDate } from "@/lib/rules/format";
import type { PortalAccountLink, PortalCustomer } from "@/lib/portal/types";
import { earnLine, portalTransactionLabel, pounds, signedPoints, voucherDiscount } from "@/components/portal/portal-labels";
import { formatUkPhone } from "@/lib/rules/uk-phone-format";
import { PortalTierAndReferral } from "@/components/referrals/portal-tier-and-referral"; // issue 26
import { formatMembershipNumber } from "@/lib/rules/membership-number";
import { PortalSignOutButton, PortalSwitchButton, PortalViewFrame } from "@/components/portal/portal-account-actions";
import { cn } from "@/lib/utils";

// Issue 23: a server component. The page renders it for a returning customer, so the account is
// HTML that needs no JavaScript of its own; sign-out and switching are the client islands of
// portal-account-actions.tsx, which reach CustomerPortal's state. CustomerPortal imports this module
// only when it has to draw another account in the browser (after switching, or after the email
// code), so it is not in the page's first-load JavaScript. Buttons and icons are drawn with their
// markup (`Button`'s classes) rather than as client components.

type Props = {
  customer: PortalCustomer;
  accounts: PortalAccountLink[];
};

const buttonClass = (variant: "default" | "outline", size: "default" | "sm", className?: string) => cn(buttonVariants({ variant, size, className }));

/** The customer portal (spec 3 section 2): welcome, membership number, points, lifetime spent,
 *  contact details, wallet pass, vouchers, the last 10 transactions and account details. */
export function PortalAccountView({ customer, accounts }: Props) {
  const c = customer;
  const outlineSm = buttonClass("outline", "sm");
  return (
    <PortalViewFrame className="mx-auto grid w-full max-w-4xl gap-4 sm:gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold sm:text-3xl">welcome back, {c.name}!</h1>
          <p className="text-muted-foreground">Your loyalty account at {c.business.name}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link href="/customer-preferences" data-slot="button" data-variant="outline" className={outlineSm}>
            Marketing preferences
          </Link>
          <PortalSignOutButton className={outlineSm} />
        </div>
      </div>

      {accounts.length > 1 ? (
        <nav aria-label="Your loyalty accounts" className="flex gap-2 overflow-x-auto pb-1">
          {accounts.map((a) => (
            <PortalSwitchButton key={a.id} customerId={a.id} current={a.id === c.id} className={a.id === c.id ? buttonClass("default", "sm") : outlineSm}>
              {a.businessName}
            </PortalSwitchButton>
          ))}
        </nav>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-3">
        <Stat icon={<CreditCardIcon className="h-4 w-4" aria-hidden />} label="membership number">
          <p className="font-mono text-2xl font-bold tracking-wider">{formatMembershipNumber(c.membershipNumber)}</p>
        </Stat>
        <Stat icon={<StarIcon className="h-4 w-4" aria-hidden />} label="points balance">
          <p className="text-2xl font-bold">{c.totalPoints.toLocaleString("en-GB")}</p>
          <p className="text-xs text-muted-foreground">{earnLine(c.business.pointsPerPound)}</p>
        </Stat>
        <Stat icon={<PoundSterlingIcon className="h-4 w-4" aria-hidden />} label="lifetime spent">
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
            <Line icon={<MailIcon className="h-4 w-4" aria-hidden />}>{c.email}</Line>
            <Line icon={<PhoneIcon className="h-4 w-4" aria-hidden />}>{formatUkPhone(c.phone)}</Line>
            {c.address || c.postcode ? <Line icon={<MapPinIcon className="h-4 w-4" aria-hidden />}>{[c.address, c.postcode].filter(Boolean).join(", ")}</Line> : null}
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
              <a href={c.passUrl} target="_blank" rel="noopener noreferrer" data-slot="button" data-variant="default" className={buttonClass("default", "default", "w-full sm:w-fit")}>
                <WalletIcon className="h-4 w-4" aria-hidden /> Download Wallet Pass
              </a>
            </CardContent>
          </Card>
        )}
      </div>

      <SectionCard icon={<GiftIcon className="h-4 w-4" aria-hidden />} title="available vouchers">
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

      <SectionCard icon={<ReceiptIcon className="h-4 w-4" aria-hidden />} title="recent transactions">
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

      <SectionCard icon={<CalendarDaysIcon className="h-4 w-4" aria-hidden />} title="account details" contentClassName="grid gap-2 text-sm sm:grid-cols-2">
        <p>
          <span className="text-muted-foreground">Member since: </span>
          {formatDate(c.createdAt)}
        </p>
        <p>
          <span className="text-muted-foreground">Last visit: </span>
          {c.lastVisit ? formatDate(c.lastVisit) : "No visits yet"}
        </p>
      </SectionCard>
    </PortalViewFrame>
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
