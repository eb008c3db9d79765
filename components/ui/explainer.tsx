"use client";

import { useState, type ReactNode } from "react";
import { ChevronDown, type LucideIcon } from "lucide-react";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { useSessionFlag } from "@/components/ui/use-browser-storage";
import { cn } from "@/lib/utils";

type ExplainerProps = {
  title: string;
  icon?: LucideIcon;
  /** Keep the open state for the browser session under this key (else closed on each visit). */
  storageKey?: string;
  /** The stored words of the session flag (see useSessionFlag). */
  flagWords?: { on: string; off: string };
  contentClassName?: string;
  children: ReactNode;
};

/** A collapsible "how this works" panel of a hub. */
export function Explainer({ title, icon: Icon, storageKey, flagWords, contentClassName = "space-y-2", children }: ExplainerProps) {
  const session = useSessionFlag(storageKey ?? "", flagWords);
  const local = useState(false);
  const [open, setOpen] = storageKey ? session : local;
  return (
    <Collapsible open={open} onOpenChange={setOpen} className="rounded-lg border bg-card">
      <CollapsibleTrigger className="flex w-full items-center gap-2 rounded-lg px-4 py-3 text-left text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
        {Icon && <Icon aria-hidden className="size-4 shrink-0 text-primary" />}
        <span className="flex-1">{title}</span>
        <ChevronDown aria-hidden className={cn("size-4 shrink-0 transition-transform", open && "rotate-180")} />
      </CollapsibleTrigger>
      <CollapsibleContent className={cn("px-4 pb-4 text-sm text-muted-foreground", contentClassName)}>{children}</CollapsibleContent>
    </Collapsible>
  );
}
