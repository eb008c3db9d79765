"use client";

import type { ReactNode } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";

// The sidebar's one client part: which link is the current page. The layout stays mounted across
// navigations, so the server cannot draw the highlight; the link's icon and label are server HTML.

const LINK = "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors";
const ACTIVE = "bg-primary text-primary-foreground";
const IDLE = "text-muted-foreground hover:bg-muted hover:text-foreground";

/** The link's own page and the pages below it (/customers/parked is under Customers). */
export const isActivePath = (pathname: string, href: string) => pathname === href || pathname.startsWith(href + "/");

export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const active = isActivePath(usePathname(), href);
  return (
    <Link href={href} aria-current={active ? "page" : undefined} className={`${LINK} ${active ? ACTIVE : IDLE}`}>
      {children}
    </Link>
  );
}
