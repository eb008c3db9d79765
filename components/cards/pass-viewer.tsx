"use client";

import { useState, type ReactNode } from "react";
import { Apple, ChevronLeft, ChevronRight, ExternalLink, QrCode, Wallet } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { formatMembershipNumber } from "@/lib/rules/membership-number";

// The pass viewer carousel (spec 1 "Card hub"; spec 2 section 4.5): the QR code always, then the
// Apple and Google Wallet views when the card has those pass addresses. Previous/Next and dots only
// when there is more than one view.

type ViewKind = "qr" | "apple" | "google";
const VIEW_NAMES: Record<ViewKind, string> = { qr: "QR code", apple: "Apple Wallet", google: "Google Wallet" };

export type PassViewerProps = { membershipNumber: string | null | undefined; applePassUrl: string | null; googlePassUrl: string | null };

export function PassViewer({ membershipNumber, applePassUrl, googlePassUrl }: PassViewerProps) {
  const views: ViewKind[] = ["qr", ...(applePassUrl ? (["apple"] as const) : []), ...(googlePassUrl ? (["google"] as const) : [])];
  const [index, setIndex] = useState(0);
  const current = views[Math.min(index, views.length - 1)];
  const walletUrl = current === "apple" ? applePassUrl : current === "google" ? googlePassUrl : null;
  const go = (delta: number) => setIndex((i) => (i + delta + views.length) % views.length);

  return (
    <section aria-roledescription="carousel" aria-label="Passes" className="space-y-3 rounded-lg border bg-muted/30 p-4">
      <div aria-live="polite" aria-label={VIEW_NAMES[current]} role="group" aria-roledescription="slide" className="flex min-h-64 flex-col items-center justify-center gap-3 text-center">
        {current === "qr" ? <QrView membershipNumber={membershipNumber} /> : null}
        {current !== "qr" && walletUrl ? <WalletView {...WALLETS[current]} href={walletUrl} /> : null}
      </div>
      {views.length > 1 ? (
        <div className="flex items-center justify-between gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => go(-1)}>
            <ChevronLeft aria-hidden />
            Previous
          </Button>
          <div className="flex items-center gap-2" role="group" aria-label="Choose a view">
            {views.map((v, i) => (
              <button
                key={v}
                type="button"
                aria-label={`Show ${VIEW_NAMES[v]}`}
                aria-current={v === current ? "true" : undefined}
                onClick={() => setIndex(i)}
                data-testid="pass-viewer-dot"
                className={cn("size-2.5 rounded-full transition-colors", v === current ? "bg-primary" : "bg-muted-foreground/30 hover:bg-muted-foreground/60")}
              />
            ))}
          </div>
          <Button type="button" variant="outline" size="sm" onClick={() => go(1)}>
            Next
            <ChevronRight aria-hidden />
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function QrView({ membershipNumber }: { membershipNumber: string | null | undefined }) {
  // Remember which number failed, so a different card's image gets its own chance to load.
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const unavailable = !!membershipNumber && failedFor === membershipNumber;
  return (
    <>
      <div className="flex size-48 items-center justify-center rounded-md bg-white p-2">
        {!membershipNumber ? (
          <QrCode className="size-12 animate-pulse text-muted-foreground" aria-hidden />
        ) : unavailable ? (
          <p className="text-sm text-muted-foreground">QR Code unavailable</p>
        ) : (
          // eslint-disable-next-line @next/next/no-img-element -- a cacheable PNG served by our own API, not a static asset
          <img
            key={membershipNumber}
            src={`/api/qr-hosted/${encodeURIComponent(membershipNumber)}`}
            alt={`QR code for card ${formatMembershipNumber(membershipNumber)}`}
            width={176}
            height={176}
            className="size-44"
            onError={() => setFailedFor(membershipNumber)}
          />
        )}
      </div>
      <div className="space-y-1">
        <p className="text-sm font-medium">Scan to access loyalty card</p>
        <p className="font-mono text-sm text-muted-foreground">{membershipNumber ? `Card: ${formatMembershipNumber(membershipNumber)}` : "Loading..."}</p>
      </div>
    </>
  );
}

const WALLETS = {
  apple: {
    icon: <Apple className="size-10" aria-hidden />,
    title: "Apple Wallet",
    text: "Add this card to Apple Wallet on an iPhone: the points balance stays up to date.",
    action: "Add to Apple Wallet",
  },
  google: {
    icon: <Wallet className="size-10" aria-hidden />,
    title: "Google Wallet",
    text: "Save this card to Google Wallet on an Android phone: the points balance stays up to date.",
    action: "Add to Google Wallet",
  },
};

function WalletView({ icon, title, text, href, action }: { icon: ReactNode; title: string; text: string; href: string; action: string }) {
  return (
    <>
      {icon}
      <div className="space-y-1">
        <p className="font-semibold">{title}</p>
        <p className="max-w-xs text-sm text-muted-foreground">{text}</p>
      </div>
      <Button asChild>
        <a href={href} target="_blank" rel="noopener noreferrer">
          {action}
          <ExternalLink aria-hidden />
        </a>
      </Button>
    </>
  );
}
