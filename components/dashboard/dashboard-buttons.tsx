"use client";

import type { ReactNode } from "react";
import { useRouter } from "next/navigation";

// The dashboard's buttons that only navigate or render the page again, as bare <button>s: the
// server renders their look (buttonVariants' classes, the icon and label) and hands it over, so
// the page's first-load JavaScript carries no class merging or variants for them (issue 23).

type BareButtonProps = { className: string; variant: string; disabled?: boolean; children: ReactNode };

/** Goes to `href` (a flow's screen). */
export function PushButton({ href, className, variant, disabled, children }: BareButtonProps & { href: string }) {
  const router = useRouter();
  return (
    <button type="button" data-slot="button" data-variant={variant} className={className} disabled={disabled} onClick={() => router.push(href)}>
      {children}
    </button>
  );
}

/** Renders the page's server parts again (they read every figure anew). */
export function RefreshButton({ className, variant, children }: BareButtonProps) {
  const router = useRouter();
  return (
    <button type="button" data-slot="button" data-variant={variant} className={className} onClick={() => router.refresh()}>
      {children}
    </button>
  );
}
