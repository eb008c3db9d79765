"use client";

import { useState, type KeyboardEvent, type ReactNode } from "react";
import dynamic from "next/dynamic";
import { loadWithQueryClient } from "@/components/load-with-query-client";
import { LoadingRows } from "@/components/admin/admin-section";
import { ADMIN_TABS, type AdminTab } from "@/components/admin/admin-tab-names";
import { cn } from "@/lib/utils";

// The super-admin dashboard's tabs (issue 23). The overview is drawn on the server (the page hands
// it over as children); each other tab's code (its sections, react-query with the tab's provider,
// cmdk, Radix switches...) is fetched the first time the tab is opened, asked for already when the
// pointer or focus reaches the tab, with skeleton rows meanwhile. An opened tab stays mounted, so
// going back to it keeps what was typed or picked. The open tab is in the address (?tab=), so a
// reload comes back to it.

const loading = () => <LoadingRows rows={4} />;
const loaders = {
  businesses: loadWithQueryClient(() => import("@/components/admin/business-panel").then((m) => m.BusinessPanel)),
  support: loadWithQueryClient(() => import("@/components/admin/chat-support-queue").then((m) => m.ChatSupportQueue)),
  messages: loadWithQueryClient(() => import("@/components/admin/messages-tab").then((m) => m.MessagesTab)),
  cards: loadWithQueryClient(() => import("@/components/admin/loyalty-card-monitor").then((m) => m.LoyaltyCardMonitor)),
  system: loadWithQueryClient(() => import("@/components/admin/system-tab").then((m) => m.SystemTab)),
};
const panels: Record<Exclude<AdminTab, "overview">, React.ComponentType> = {
  businesses: dynamic(loaders.businesses, { ssr: false, loading }),
  support: dynamic(loaders.support, { ssr: false, loading }),
  messages: dynamic(loaders.messages, { ssr: false, loading }),
  cards: dynamic(loaders.cards, { ssr: false, loading }),
  system: dynamic(loaders.system, { ssr: false, loading }),
};

export function AdminTabs({ initialTab, overview }: { initialTab: AdminTab; overview: ReactNode }) {
  const [tab, setTab] = useState<AdminTab>(initialTab);
  const [opened, setOpened] = useState<ReadonlySet<AdminTab>>(() => new Set([initialTab]));
  const open = (next: AdminTab) => {
    setTab(next);
    setOpened((s) => (s.has(next) ? s : new Set([...s, next])));
    const url = new URL(window.location.href);
    if (next === "overview") url.searchParams.delete("tab");
    else url.searchParams.set("tab", next);
    // null, not history.state: Next's router syncs its own URL only for a state it did not write,
    // and a later router.refresh() (after a save) would otherwise put the old address back.
    window.history.replaceState(null, "", url);
  };
  const prefetch = (t: AdminTab) => {
    if (t !== "overview") void loaders[t]().catch(() => {});
  };
  // Arrow keys, Home and End move between the tabs (the WAI-ARIA tabs pattern).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = ADMIN_TABS.findIndex((t) => t.id === tab);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: ADMIN_TABS.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = ADMIN_TABS[(to + ADMIN_TABS.length) % ADMIN_TABS.length].id;
    open(next);
    document.getElementById(`admin-tab-${next}`)?.focus();
  };

  return (
    <div className="min-w-0 space-y-6">
      <div role="tablist" aria-label="Dashboard sections" onKeyDown={onKeyDown} className="flex flex-wrap gap-1 rounded-lg bg-muted p-1">
        {ADMIN_TABS.map((t) => (
          <button
            key={t.id}
            id={`admin-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`admin-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => open(t.id)}
            onPointerEnter={() => prefetch(t.id)}
            onFocus={() => prefetch(t.id)}
            className={cn(
              "rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
              tab === t.id && "bg-background text-foreground shadow-sm",
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      {ADMIN_TABS.map(({ id }) => {
        if (id !== "overview" && !opened.has(id)) return null;
        const Panel = id === "overview" ? null : panels[id];
        return (
          <div key={id} id={`admin-panel-${id}`} role="tabpanel" aria-labelledby={`admin-tab-${id}`} hidden={tab !== id} className="min-w-0 space-y-6">
            {Panel ? <Panel /> : overview}
          </div>
        );
      })}
    </div>
  );
}
