"use client";

import { useEffect, useState, type ReactNode } from "react";

// Spec 1 sections 2 and 9: 5 tips, one shown at a time, changing every 3000 ms; hidden on small
// screens (under 640 px, Tailwind's sm breakpoint).

export const TIPS = [
  "add customers at the till: it takes under a minute and their loyalty card is ready straight away.",
  "scan a customer's QR code to find them instantly when you process a transaction.",
  "send a voucher to customers you haven't seen for a while, before they fall asleep.",
  "bonus points on a birthday turn a regular into a super fan.",
  "check your hall of fame each week and thank your top customers in person.",
] as const;

export const TIP_INTERVAL_MS = 3000;

/** icon: the bulb, drawn by the server (a client module importing the icon table ships all of it). */
export function TipsBanner({ icon }: { icon: ReactNode }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % TIPS.length), TIP_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <section aria-label="tips" className="hidden rounded-lg border bg-card px-4 py-3 shadow-sm sm:block">
      <div className="flex items-center gap-3">
        {icon}
        {/* Not a live region: a change every 3 seconds would interrupt a screen reader constantly. */}
        <p className="min-w-0 flex-1 text-sm" data-testid="tip-text">
          <span className="font-medium">tip {index + 1} of {TIPS.length}: </span>
          {TIPS[index]}
        </p>
        <div className="flex shrink-0 gap-1" aria-hidden>
          {TIPS.map((_, i) => (
            <span key={i} className={i === index ? "size-1.5 rounded-full bg-primary" : "size-1.5 rounded-full bg-muted-foreground/30"} />
          ))}
        </div>
      </div>
    </section>
  );
}
