import type { ReactNode } from "react";
import { InlineIcon } from "@/components/ui/inline-icon";

// A hub's "how this works" panel (components/ui/explainer.tsx) as the server draws it: closed, as
// it always starts; the live panel replaces it (components/ui/takeover.tsx replays a click on it).
// Not a client module.

export const EXPLAINER_TRIGGER_CLASS =
  "flex w-full items-center gap-2 rounded-lg px-4 py-3 text-left text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";
export const EXPLAINER_ICON_CLASS = "size-4 shrink-0 text-primary";
export const explainerTakeoverKey = (title: string) => `explainer:${title}`;

export function StaticExplainer({ title, icon }: { title: string; icon?: ReactNode }) {
  return (
    <div data-state="closed" data-slot="collapsible" className="rounded-lg border bg-card">
      <button type="button" aria-expanded={false} data-state="closed" data-slot="collapsible-trigger" className={EXPLAINER_TRIGGER_CLASS} data-takeover-key={explainerTakeoverKey(title)}>
        {icon}
        <span className="flex-1">{title}</span>
        <InlineIcon name="chevron-down" className="size-4 shrink-0 transition-transform" />
      </button>
    </div>
  );
}
