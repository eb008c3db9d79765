"use client";

import * as React from "react";
import * as ProgressPrimitive from "@radix-ui/react-progress";

import { cn } from "@/lib/utils";

// A progress bar (Radix Progress: role="progressbar" with aria-valuenow/max and the value as text).
// Give it an accessible name (aria-label or aria-labelledby).

function Progress({ className, value, max = 100, ...props }: React.ComponentProps<typeof ProgressPrimitive.Root>) {
  const percent = value == null || max <= 0 ? 0 : Math.min(100, (value / max) * 100);
  return (
    <ProgressPrimitive.Root data-slot="progress" value={value} max={max} className={cn("relative h-2 w-full overflow-hidden rounded-full bg-primary/20", className)} {...props}>
      <ProgressPrimitive.Indicator data-slot="progress-indicator" className="h-full w-full flex-1 bg-primary transition-transform" style={{ transform: `translateX(-${100 - percent}%)` }} />
    </ProgressPrimitive.Root>
  );
}

export { Progress };
