"use client";

import { ChevronDown, Info } from "lucide-react";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { useSessionFlag } from "@/components/cards/use-session-flag";
import { cn } from "@/lib/utils";

export const ACCOUNT_EXPLAINER_KEY = "account:explainer";

/** The account hub's collapsible explainer; its open state is kept for the browser session. */
export function AccountExplainer() {
  const [open, setOpen] = useSessionFlag(ACCOUNT_EXPLAINER_KEY);
  return (
    <Collapsible open={open} onOpenChange={setOpen} className="rounded-lg border bg-card">
      <CollapsibleTrigger className="flex w-full items-center gap-2 rounded-lg px-4 py-3 text-left text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
        <Info aria-hidden className="size-4 shrink-0 text-primary" />
        <span className="flex-1">how your account works</span>
        <ChevronDown aria-hidden className={cn("size-4 shrink-0 transition-transform", open && "rotate-180")} />
      </CollapsibleTrigger>
      <CollapsibleContent className="space-y-2 px-4 pb-4 text-sm text-muted-foreground">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <span className="font-medium text-foreground">business information</span>: the name, address and website your customers see in
            emails and on their cards. a new phone number is confirmed with a 4-digit code we text to it.
          </li>
          <li>
            <span className="font-medium text-foreground">plans</span>: starter is free for up to 10 customers. max has unlimited customers for
            £21.00 a month, which includes a £2 charity donation. you can cancel anytime.
          </li>
          <li>
            <span className="font-medium text-foreground">referrals</span>: a business that signs up with your link gets a 28-day max trial.
          </li>
          <li>
            <span className="font-medium text-foreground">staff logins</span>: give your team their own username and password for the staff
            portal, so they never need yours. you can reset or remove a login at any time.
          </li>
        </ul>
      </CollapsibleContent>
    </Collapsible>
  );
}
