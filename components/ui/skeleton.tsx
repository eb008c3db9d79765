import * as React from "react";

import { cn } from "@/lib/utils";

/** A grey placeholder block; hidden from assistive tech (pair a loading region with a Spinner or aria-busy). */
function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div data-slot="skeleton" aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />
  );
}

export { Skeleton };
