import type { ComponentProps, ReactNode } from "react";
import { InlineIcon } from "@/components/ui/inline-icon";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

type SearchInputProps = Omit<ComponentProps<typeof Input>, "type" | "onChange"> & {
  /** Absent on a server-rendered first screen (components/ui/takeover.tsx): the box is not a client module. */
  onValueChange?: (value: string) => void;
  /** The box sits 0.25rem in from a card's edge on phones (lists that run edge to edge). */
  inset?: boolean;
  /** Classes for the box's wrapper (its width in a row). */
  wrapperClassName?: string;
  /** Shown inside the box, after the text (say, a spinner), so nothing moves when it comes and goes. */
  trailing?: ReactNode;
};

/** A search box with the magnifier inside it. */
export function SearchInput({ onValueChange, inset = false, wrapperClassName, trailing, className, ...input }: SearchInputProps) {
  return (
    <div className={cn("relative", inset && "px-1 sm:px-0", wrapperClassName)}>
      <InlineIcon name="search" className={cn("pointer-events-none absolute top-1/2 size-4 -translate-y-1/2 text-muted-foreground", inset ? "left-4 sm:left-3" : "left-3")} />
      <Input type="search" onChange={onValueChange && ((e) => onValueChange(e.target.value))} className={cn("pl-9", className)} {...input} />
      {trailing}
    </div>
  );
}
