"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { Clock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

// Spec 3 sections 4 and 9: after 5 minutes (300000 ms) without activity a warning dialog counts
// down 2 minutes (m:ss). "I'm still here" starts over; at zero, or on "Sign out", the owner is
// signed out (GET /api/logout). Activity resets the idle timer only while the warning is hidden.
// Activity in another tab of the same browser counts too (through localStorage): signing out
// ends the session for every tab, so an idle tab must not sign out a busy one.

export const IDLE_MS = 300_000;
export const WARNING_MS = 120_000;
export const ACTIVITY_EVENTS = ["mousemove", "keydown", "pointerdown", "scroll", "touchstart"] as const;
/** localStorage key other tabs watch; written at most every few seconds. */
export const ACTIVITY_STORAGE_KEY = "sessionLastActivity";
const SHARE_EVERY_MS = 5_000;
const TICK_MS = 250;

declare global {
  interface Window {
    /** Test hook: shorter timeouts for end-to-end tests, honoured only when set. */
    __SESSION_TIMEOUT_TEST__?: { idleMs?: number; warningMs?: number };
  }
}

function positive(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : undefined;
}

export function sessionTimeouts(): { idleMs: number; warningMs: number } {
  const override = typeof window === "undefined" ? undefined : window.__SESSION_TIMEOUT_TEST__;
  return { idleMs: positive(override?.idleMs) ?? IDLE_MS, warningMs: positive(override?.warningMs) ?? WARNING_MS };
}

/** 120000 -> "2:00", 59001 -> "1:00", 0 -> "0:00". */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** A full navigation: GET /api/logout is a route handler (not a page) that ends the session and
 *  redirects to the sign-in page, so the client router must not handle it. */
function signOutEverywhere() {
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign("/api/logout");
}

export function SessionTimeout({ onSignOut = signOutEverywhere }: { onSignOut?: () => void }) {
  // While the warning shows: the moment the session ends. Null while the owner is active.
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastShared = useRef(0);
  const signedOut = useRef(false);

  const signOut = useCallback(() => {
    if (signedOut.current) return;
    signedOut.current = true;
    onSignOut();
  }, [onSignOut]);

  const restartIdleTimer = useCallback(() => {
    clearTimeout(idleTimer.current);
    const { idleMs, warningMs } = sessionTimeouts();
    idleTimer.current = setTimeout(() => {
      const t = Date.now();
      setNow(t);
      setDeadline(t + warningMs);
    }, idleMs);
  }, []);

  const shareActivity = useCallback(() => {
    const t = Date.now();
    if (t - lastShared.current < SHARE_EVERY_MS) return;
    lastShared.current = t;
    try {
      window.localStorage.setItem(ACTIVITY_STORAGE_KEY, String(t));
    } catch {
      // storage may be unavailable (private mode); this tab still works on its own
    }
  }, []);

  // The idle watch, only while the warning is hidden.
  useEffect(() => {
    if (deadline !== null) return;
    restartIdleTimer();
    const onActivity = () => {
      restartIdleTimer();
      shareActivity();
    };
    const onOtherTab = (event: StorageEvent) => {
      if (event.key === ACTIVITY_STORAGE_KEY) restartIdleTimer();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    window.addEventListener("storage", onOtherTab);
    return () => {
      clearTimeout(idleTimer.current);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      window.removeEventListener("storage", onOtherTab);
    };
  }, [deadline, restartIdleTimer, shareActivity]);

  // The countdown, only while the warning shows.
  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) signOut();
    };
    const interval = setInterval(tick, TICK_MS);
    return () => clearInterval(interval);
  }, [deadline, signOut]);

  const stay = () => {
    lastShared.current = 0;
    shareActivity();
    setDeadline(null);
  };

  const open = deadline !== null;
  const remaining = open ? deadline - now : 0;

  return (
    <Dialog open={open} onOpenChange={(next) => !next && stay()}>
      <DialogContent showCloseButton={false} data-testid="session-timeout-dialog">
        <DialogHeader>
          <div className="mb-1 flex h-10 w-10 items-center justify-center rounded-full bg-warning/20 text-foreground">
            <Clock className="h-5 w-5" aria-hidden />
          </div>
          <DialogTitle>are you still there?</DialogTitle>
          <DialogDescription>You have been inactive for a while. For your security you will be signed out when the timer runs out.</DialogDescription>
        </DialogHeader>
        <p className="text-center font-mono text-4xl font-semibold tabular-nums" role="timer" aria-label="Time left before you are signed out" data-testid="session-countdown">
          {formatCountdown(remaining)}
        </p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={signOut}>
            Sign out
          </Button>
          <Button type="button" onClick={stay} autoFocus>
            I&apos;m still here
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
