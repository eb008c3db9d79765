import * as React from "react";
import { Loader2Icon } from "lucide-react";

import { cn } from "@/lib/utils";

type SpinnerProps = Omit<React.ComponentProps<"span">, "children"> & {
  /** What is loading, read out by screen readers ("Loading customers"). */
  label?: string;
  /** Also print the label next to the icon. */
  showLabel?: boolean;
  /** Icon size class, e.g. "size-6". */
  iconClassName?: string;
};

function Spinner({ label = "Loading", showLabel = false, className, iconClassName, ...props }: SpinnerProps) {
  return (
    <span
      role="status"
      aria-live="polite"
      data-slot="spinner"
      className={cn("inline-flex items-center gap-2 text-muted-foreground", className)}
      {...props}
    >
      <Loader2Icon aria-hidden="true" className={cn("size-4 animate-spin", iconClassName)} />
      <span className={showLabel ? "text-sm" : "sr-only"}>{label}</span>
    </span>
  );
}

export { Spinner, type SpinnerProps };
