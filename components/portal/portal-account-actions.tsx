"use client";

import { createContext, useContext, type ReactNode } from "react";

// The customer portal's account view is drawn on the server (portal-account-view.tsx, issue 23);
// these are its only parts that run in the browser: sign out, switching between the businesses of
// one address, and the busy state while switching. They reach CustomerPortal's state through this
// context. Their classes come from the view (computed where it renders), so they carry no class
// helpers of their own.

export type PortalAccountActions = {
  signOut: () => void;
  switchTo: (customerId: number) => void;
  signingOut: boolean;
  switching: boolean;
};

const ActionsContext = createContext<PortalAccountActions | null>(null);

export const PortalAccountActionsProvider = ActionsContext.Provider;

function useActions(): PortalAccountActions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error("The portal's account view is shown only inside CustomerPortal");
  return actions;
}

/** The view's outer box: busy while another account is being read. */
export function PortalViewFrame({ className, children }: { className: string; children: ReactNode }) {
  const { switching } = useActions();
  return (
    <div className={className} aria-busy={switching || undefined}>
      {children}
    </div>
  );
}

/** 'Sign out' (the `Button` markup, with the class the view computed). */
export function PortalSignOutButton({ className }: { className: string }) {
  const { signOut, signingOut } = useActions();
  return (
    <button type="button" data-slot="button" data-variant="outline" className={className} onClick={signOut} disabled={signingOut}>
      {signingOut ? "Signing out..." : "Sign out"}
    </button>
  );
}

/** One business in the account switcher; the current one is marked, not a link to itself. */
export function PortalSwitchButton({ customerId, current, className, children }: { customerId: number; current: boolean; className: string; children: ReactNode }) {
  const { switchTo, switching } = useActions();
  return (
    <button
      type="button"
      data-slot="button"
      data-variant={current ? "default" : "outline"}
      className={className}
      aria-current={current ? "page" : undefined}
      onClick={() => switchTo(customerId)}
      disabled={switching}
    >
      {children}
    </button>
  );
}
