import { Skeleton } from "@/components/ui/skeleton";

export const CARD_GRID_CLASS = "grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3";

/** Placeholder grid while the cards load. */
export function CardGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div role="status" className={CARD_GRID_CLASS} aria-busy="true" aria-label="Loading loyalty cards" data-testid="card-grid-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="space-y-3 rounded-xl border bg-card p-4">
          <div className="flex justify-between">
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-4 w-20" />
          </div>
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-52" />
          <div className="grid grid-cols-2 gap-2">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
          <Skeleton className="h-8 w-full" />
        </div>
      ))}
    </div>
  );
}
