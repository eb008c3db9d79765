import type { ReactNode } from "react";
import { InlineIcon } from "@/components/ui/inline-icon";
import { SectionCard } from "@/components/ui/section-card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount } from "@/lib/rules/dashboard-format";
import type { MoneyMaker, Settled, SuperFan } from "@/lib/dashboard/types";
import { DashboardReadError } from "@/components/dashboard/dashboard-read-error";

// Hall of fame (spec 1 section 2): money makers (top spenders) and super fans (most activity),
// each with its own loading skeleton, empty state and error state.

type Entry = { id: number; rank: number; displayName: string; figure: string };

type ListProps = {
  title: string;
  description: string;
  icon: ReactNode;
  /** undefined while being read; an error when the read failed. */
  entries: Settled<Entry[]> | undefined;
  empty: string;
  label: string;
};

function RankedList({ title, description, icon, entries: read, empty, label }: ListProps) {
  const entries = read?.data;
  return (
    <SectionCard icon={icon} title={title} description={description} className="min-w-0">
      {read === undefined ? (
        <ul className="space-y-3" aria-busy="true" aria-label={`loading ${title}`}>
          {[0, 1, 2].map((i) => (
            <li key={i} className="flex items-center gap-3">
              <Skeleton className="size-7 rounded-full" />
              <Skeleton className="h-4 flex-1" />
              <Skeleton className="h-4 w-16" />
            </li>
          ))}
        </ul>
      ) : entries ? (
        entries.length === 0 ? (
          <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ol className="space-y-2" aria-label={label}>
            {entries.map((e) => (
              <li key={e.id} className="flex min-w-0 items-center gap-3 rounded-md px-1 py-1">
                <span
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-bold text-primary"
                  aria-label={`rank ${e.rank}`}
                >
                  {e.rank}
                </span>
                <span className="min-w-0 flex-1 truncate font-medium">{e.displayName}</span>
                <span className="shrink-0 text-sm tabular-nums text-muted-foreground">{e.figure}</span>
              </li>
            ))}
          </ol>
        )
      ) : (
        <DashboardReadError title={`we couldn't load your ${title}`} message={read.error ?? ""} />
      )}
    </SectionCard>
  );
}

/** Each list as the server read it (undefined: still reading) in the ranked list's terms. */
const entriesOf = <T,>(read: Settled<T[]> | undefined, entry: (item: T) => Entry): Settled<Entry[]> | undefined =>
  read && (read.data ? { data: read.data.map(entry) } : { error: read.error ?? "" });

export function HallOfFame({ makers, fans }: { makers: Settled<MoneyMaker[]> | undefined; fans: Settled<SuperFan[]> | undefined }) {
  return (
    <section aria-labelledby="hall-of-fame-heading" className="space-y-3">
      <h2 id="hall-of-fame-heading" className="text-lg font-semibold">
        hall of fame
      </h2>
      <div className="grid gap-3 lg:grid-cols-2">
        <RankedList
          title="money makers"
          description="your top spenders of all time"
          icon={<InlineIcon name="crown" className="size-4 text-warning" />}
          entries={entriesOf(makers, (m) => ({ id: m.id, rank: m.rank, displayName: m.displayName, figure: m.formattedSpent }))}
          empty="no money makers yet: your top spenders will appear here once customers make purchases."
          label="top spenders"
        />
        <RankedList
          title="super fans"
          description="the customers who visit you most"
          icon={<InlineIcon name="heart" className="size-4 text-destructive" />}
          entries={entriesOf(fans, (f) => ({
            id: f.id,
            rank: f.rank,
            displayName: f.displayName,
            figure: `${formatCount(f.activityCount)} ${f.activityCount === 1 ? "transaction" : "transactions"}`,
          }))}
          empty="no super fans yet: your most active customers will appear here once they start visiting."
          label="most active customers"
        />
      </div>
    </section>
  );
}
