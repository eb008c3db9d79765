"use client";

import { Info } from "lucide-react";
import { Explainer } from "@/components/ui/explainer";

export const ACCOUNT_EXPLAINER_KEY = "account:explainer";

/** The account hub's collapsible explainer; its open state is kept for the browser session. */
export function AccountExplainer() {
  return (
    <Explainer title="how your account works" icon={Info} storageKey={ACCOUNT_EXPLAINER_KEY}>
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
    </Explainer>
  );
}
