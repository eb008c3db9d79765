"use client";

import { useState, type ReactNode } from "react";
import Link from "next/link";
import dynamic from "next/dynamic";
import { usePathname, useRouter } from "next/navigation";
import { Crown, LogOut, Menu, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { PRODUCT_NAME } from "@/lib/product";
import type { CurrentUser } from "@/lib/auth/current-user";
import { FOOTER_NAV, MAIN_NAV, type NavItem } from "@/components/layout/nav-items";
import { SystemBanner } from "@/components/chrome/system-banner";

// The chat, the admin-message modal and the idle timeout show nothing on first paint (a floating
// button, and dialogs that open later), so they load after hydration in their own chunks: their
// dialog and form code stays out of every business page's first-load JavaScript.
const AdminMessagesModal = dynamic(() => import("@/components/chrome/admin-messages-modal").then((m) => m.AdminMessagesModal), { ssr: false });
const SupportChatWidget = dynamic(() => import("@/components/chrome/support-chat-widget").then((m) => m.SupportChatWidget), { ssr: false });
const SessionTimeout = dynamic(() => import("@/components/session/session-timeout").then((m) => m.SessionTimeout), { ssr: false });

/** The business area's sidebar layout and header (spec 3 section 2). */
export function BusinessShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = usePathname();

  const nav = (
    <nav aria-label="Main" className="flex h-full flex-col gap-1 p-3">
      {MAIN_NAV.map((item) => (
        <NavLink key={item.href} item={item} active={isActive(pathname, item.href)} onNavigate={() => setMenuOpen(false)} />
      ))}
      <div className="mt-auto flex flex-col gap-1 border-t pt-3">
        {FOOTER_NAV.map((item) => (
          <NavLink key={item.href} item={item} active={isActive(pathname, item.href)} onNavigate={() => setMenuOpen(false)} />
        ))}
      </div>
    </nav>
  );

  return (
    <div className="flex min-h-screen flex-col bg-muted/30">
      {user.adminMode ? <ImpersonationBanner businessName={user.businessName} /> : null}
      <SystemBanner />
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-card px-3 sm:px-4">
        <Button variant="ghost" size="icon" className="md:hidden" aria-label={menuOpen ? "Close menu" : "Open menu"} aria-expanded={menuOpen} onClick={() => setMenuOpen((o) => !o)}>
          {menuOpen ? <X className="h-5 w-5" /> : <Menu className="h-5 w-5" />}
        </Button>
        <Link href="/dashboard" className="hidden font-bold text-primary sm:inline">
          {PRODUCT_NAME}
        </Link>
        <div className="min-w-0 flex-1 truncate text-sm font-medium sm:ml-4">
          {user.isFounderMember ? (
            <Badge variant="warning" className="gap-1">
              <Crown className="h-3 w-3" aria-hidden /> founder - max free for life
            </Badge>
          ) : (
            <span data-testid="header-business-name">{user.businessName}</span>
          )}
        </div>
        {/* Spec: logout navigates to GET /api/logout; a form keeps it a real button that works without JS. */}
        <form action="/api/logout" method="get">
          <Button type="submit" variant="outline" size="sm">
            <LogOut className="h-4 w-4" aria-hidden />
            <span>Sign out</span>
          </Button>
        </form>
      </header>
      <div className="flex flex-1">
        <aside className="hidden w-60 shrink-0 border-r bg-card md:block">{nav}</aside>
        {menuOpen ? (
          <div className="fixed inset-0 top-14 z-20 bg-card md:hidden" role="dialog" aria-label="Menu">
            {nav}
          </div>
        ) : null}
        <main className="min-w-0 flex-1 p-4 sm:p-6">{children}</main>
        <AdminMessagesModal disabled={user.adminMode} />
        <SupportChatWidget />
        <SessionTimeout />
      </div>
    </div>
  );
}

function isActive(pathname: string, href: string) {
  return pathname === href || pathname.startsWith(href + "/");
}

function NavLink({ item, active, onNavigate }: { item: NavItem; active: boolean; onNavigate: () => void }) {
  const Icon = item.icon;
  return (
    <Link
      href={item.href}
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
      className={cn(
        "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
        active ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
      )}
    >
      <Icon className="h-4 w-4" aria-hidden />
      {item.label}
    </Link>
  );
}

/** Spec 3: red banner while a super admin is logged in as a business; its link leaves that mode. */
function ImpersonationBanner({ businessName }: { businessName: string }) {
  const router = useRouter();
  const exit = async () => {
    await fetch("/api/admin/exit-login-as", { method: "POST", credentials: "include" });
    router.replace("/admin-dashboard");
    router.refresh();
  };
  return (
    <div role="alert" className="flex flex-wrap items-center justify-center gap-2 bg-red-600 px-3 py-2 text-center text-sm font-medium text-white">
      <span>super admin is logged in as {businessName}</span>
      <button type="button" onClick={exit} className="underline underline-offset-2">
        logout
      </button>
    </div>
  );
}
