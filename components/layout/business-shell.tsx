import type { ReactNode } from "react";
import Link from "next/link";
import { Button, buttonVariants } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";
import { InlineIcon } from "@/components/ui/inline-icon";
import { cn } from "@/lib/utils";
import { PRODUCT_NAME } from "@/lib/product";
import type { CurrentUser } from "@/lib/auth/current-user";
import { FOOTER_NAV, MAIN_NAV, type NavItem } from "@/components/layout/nav-items";
import { NavLink } from "@/components/layout/nav-link";
import { MobileMenuButton, MobileMenuPanel, MobileMenuProvider } from "@/components/layout/mobile-menu";
import { ImpersonationBanner } from "@/components/layout/impersonation-banner";
import { ShellWidgets } from "@/components/layout/shell-widgets";
import { SystemBanner } from "@/components/chrome/system-banner";

// The business area's sidebar layout and header (spec 3 section 2), rendered on the server: the
// nav, header, plan badge and sign-out are HTML in every business page's first response, and only
// what must run in the browser is a client island (issue 23: the shell was 8.6 kB of every
// business page's first-load JavaScript): the current page's highlight (NavLink), the phone menu's
// toggle and panel, the impersonation banner's exit, the system banner, and the widgets that load
// after hydration (ShellWidgets).

export function BusinessShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const nav = (
    <nav aria-label="Main" className="flex h-full flex-col gap-1 p-3">
      {MAIN_NAV.map((item) => (
        <ShellNavLink key={item.href} item={item} />
      ))}
      <div className="mt-auto flex flex-col gap-1 border-t pt-3">
        {FOOTER_NAV.map((item) => (
          <ShellNavLink key={item.href} item={item} />
        ))}
      </div>
    </nav>
  );

  return (
    <div className="flex min-h-screen flex-col bg-muted/30">
      {user.adminMode ? <ImpersonationBanner businessName={user.businessName} /> : null}
      <SystemBanner icon={<InlineIcon name="megaphone" className="mt-0.5 size-4 shrink-0" />} dismissIcon={<InlineIcon name="x" className="size-4" />} />
      <MobileMenuProvider>
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-card px-3 sm:px-4">
          <MobileMenuButton
            className={cn(buttonVariants({ variant: "ghost", size: "icon", className: "md:hidden" }))}
            openIcon={<InlineIcon name="menu" className="h-5 w-5" />}
            closeIcon={<InlineIcon name="x" className="h-5 w-5" />}
          />
          <Link href="/dashboard" className="hidden font-bold text-primary sm:inline">
            {PRODUCT_NAME}
          </Link>
          <div className="min-w-0 flex-1 truncate text-sm font-medium sm:ml-4">
            {user.isFounderMember ? (
              <Badge variant="warning" className="gap-1">
                <InlineIcon name="crown" className="h-3 w-3" /> founder - max free for life
              </Badge>
            ) : (
              <span data-testid="header-business-name">{user.businessName}</span>
            )}
          </div>
          {/* Spec: logout navigates to GET /api/logout; a form keeps it a real button that works without JS. */}
          <form action="/api/logout" method="get">
            <Button type="submit" variant="outline" size="sm">
              <InlineIcon name="log-out" className="h-4 w-4" />
              <span>Sign out</span>
            </Button>
          </form>
        </header>
        <div className="flex flex-1">
          <aside className="hidden w-60 shrink-0 border-r bg-card md:block">{nav}</aside>
          <MobileMenuPanel>{nav}</MobileMenuPanel>
          <main className="min-w-0 flex-1 p-4 sm:p-6">{children}</main>
          <ShellWidgets adminMode={user.adminMode} />
        </div>
      </MobileMenuProvider>
    </div>
  );
}

function ShellNavLink({ item }: { item: NavItem }) {
  return (
    <NavLink href={item.href}>
      <InlineIcon name={item.icon} className="h-4 w-4" />
      {item.label}
    </NavLink>
  );
}
