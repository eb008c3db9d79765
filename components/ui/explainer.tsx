"use client";

import { useState, type ReactNode } from "react";
import { ChevronDown, type LucideIcon } from "lucide-react";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { useSessionFlag } from "@/components/ui/use-browser-storage";
import { cn } from "@/lib/utils";
import { EXPLAINER_ICON_CLASS, EXPLAINER_TRIGGER_CLASS, explainerTakeoverKey } from "@/components/ui/explainer-static";

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
      <CollapsibleTrigger className={EXPLAINER_TRIGGER_CLASS} data-takeover-key={explainerTakeoverKey(title)}>
        {Icon && <Icon aria-hidden className={EXPLAINER_ICON_CLASS} />}
        <span className="flex-1">{title}</span>
        <ChevronDown aria-hidden className={cn("size-4 shrink-0 transition-transform", open && "rotate-180")} />
      </CollapsibleTrigger>
      <CollapsibleContent className={cn("px-4 pb-4 text-sm text-muted-foreground", contentClassName)}>{children}</CollapsibleContent>
    </Collapsible>
  );
}
