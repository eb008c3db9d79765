import type { ComponentProps, ReactNode } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

export type SearchBoxProps = Omit<ComponentProps<typeof Input>, "type" | "onChange"> & {
  /** The magnifier, drawn by the caller (SearchInput draws it; a client island can take it drawn by
   *  the server, so InlineIcon's table stays out of its code: issue 23). */
  icon: ReactNode;
  /** Absent on a server-rendered first screen (components/ui/takeover.tsx): the box is not a client module. */
  onValueChange?: (value: string) => void;
  /** The box sits 0.25rem in from a card's edge on phones (lists that run edge to edge). */
  inset?: boolean;
  /** Classes for the box's wrapper (its width in a row). */
  wrapperClassName?: string;
  /** Shown inside the box, after the text (say, a spinner), so nothing moves when it comes and goes. */
  trailing?: ReactNode;
};

/** Where the magnifier sits in the box. */
export const searchIconClass = (inset = false) => cn("pointer-events-none absolute top-1/2 size-4 -translate-y-1/2 text-muted-foreground", inset ? "left-4 sm:left-3" : "left-3");

/** A search box with an icon inside it (components/ui/search-input.tsx: with the magnifier). */
export function SearchBox({ icon, onValueChange, inset = false, wrapperClassName, trailing, className, ...input }: SearchBoxProps) {
  return (
    <div className={cn("relative", inset && "px-1 sm:px-0", wrapperClassName)}>
      {icon}
      <Input type="search" onChange={onValueChange && ((e) => onValueChange(e.target.value))} className={cn("pl-9", className)} {...input} />
      {trailing}
    </div>
  );
}
