import * as React from "react";

import { cn } from "@/lib/utils";

/** A grey placeholder block; hidden from assistive tech (pair a loading region with a Spinner or aria-busy). */
function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div data-slot="skeleton" aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />
  );
}

/** A busy loading region of full-width blocks, one per height class, named for screen readers. */
function SkeletonBlocks({ label, heights, className }: { label: string; heights: readonly string[]; className?: string }) {
  return (
    <div role="status" className={cn("grid gap-2", className)} aria-busy="true" aria-label={label}>
      {heights.map((h, i) => (
        <Skeleton key={i} className={cn(h, "w-full")} />
      ))}
    </div>
  );
}

export { Skeleton, SkeletonBlocks };
