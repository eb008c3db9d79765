import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { InlineIcon } from "@/components/ui/inline-icon";

// Pieces of the activity hub (spec 3 section 2) drawn the same by the live hub (activity-hub.tsx)
// and by the first screen the server renders (activity-hub-screen.tsx). Not a client module.
// Controls carry data-takeover-key (components/ui/takeover.tsx): a press before the hub's code is
// in is replayed on the live control.

export const ACTIVITY_TABS = [
  { value: "communications", label: "communications", title: "email log" },
  { value: "activity", label: "activity log", title: "activity log" },
] as const;
export type ActivityTab = (typeof ACTIVITY_TABS)[number]["value"];

export const tabTakeoverKey = (tab: ActivityTab) => `tab-${tab}`;

export function ActivityHubFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">activity hub</h1>
        <p className="text-sm text-muted-foreground">every email sent to your customers, and everything done in your account.</p>
      </div>
      {children}
    </div>
  );
}

/** One log's card: its title, the refresh button, the list (children) and what follows the card's
 *  content (the live hub's spinner dialog). */
export function LogPanelCard({ title, onRefresh, refreshing = false, children, after }: { title: string; onRefresh?: () => void; refreshing?: boolean; children: ReactNode; after?: ReactNode }) {
  return (
    <Card className="gap-4">
      <CardContent className="grid gap-4">
        <div className="flex items-center justify-between gap-2">
          <h2 className="font-semibold">{title}</h2>
          <Button type="button" variant="outline" size="sm" onClick={onRefresh} disabled={refreshing} data-takeover-key={`refresh ${title}`}>
            <InlineIcon name="refresh-cw" /> refresh
          </Button>
        </div>
        {children}
      </CardContent>
      {after}
    </Card>
  );
}

/** "load older entries" under a log with more pages. */
export function OlderEntriesButton({ title, onClick, loading = false }: { title: string; onClick?: () => void; loading?: boolean }) {
  return (
    <div className="flex justify-center">
      <Button type="button" variant="outline" onClick={onClick} disabled={loading} aria-busy={loading || undefined} data-takeover-key={`older ${title}`}>
        {loading ? "loading..." : "load older entries"}
      </Button>
    </div>
  );
}
