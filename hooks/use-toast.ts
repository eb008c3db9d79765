"use client";

import type { ReactNode } from "react";

// Notifications are sonner's (components/ui/toaster.tsx mounts its <Toaster> once). This module
// keeps the product rule and the call signature the app already uses:
// - at most one notification on screen: a new one replaces the one showing;
// - shown for 5000 ms, in two variants; every failure uses "destructive";
// - a toast raised for a problem the person can fix carries an `id`: showing another toast with
//   the same id updates it in place, and `dismiss(id)` takes it away once the problem is resolved
//   (errors that belong to a field are shown beside the field instead, not as a toast).
// `toast()` can be called from anywhere (mutation callbacks, plain functions), not only components.
// sonner (9 kB gzipped) is not in any page's first-load JavaScript (issue 23): the toaster
// (components/ui/toaster.tsx, mounted after hydration) hands sonner's `toast` over with
// `provideSonner`; from then on calls go straight to it. A call made before that (rare: a toast in
// the first moments of a page) imports sonner itself and is applied when it arrives, in the order
// made; sonner's toaster shows toasts raised before it subscribed.

type Sonner = typeof import("sonner").toast;
let sonner: Sonner | undefined;
let importing: Promise<void> | undefined;
const waiting: ((s: Sonner) => void)[] = [];

/** Called once by the toaster's module with sonner's `toast`. */
export function provideSonner(toastFn: Sonner) {
  sonner = toastFn;
  for (const run of waiting.splice(0)) run(toastFn);
}

function withSonner(run: (s: Sonner) => void) {
  if (sonner) return run(sonner);
  waiting.push(run);
  importing ??= import("sonner").then((m) => provideSonner(m.toast));
}

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = "default" | "destructive";

export type ToastOptions = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Display time in ms; defaults to TOAST_DURATION_MS. */
  duration?: number;
  /** A stable id for a toast that is dismissed when its cause is resolved (see `dismiss`). */
  id?: string;
};

type ToastHandle = {
  id: string;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
};

let showing: string | undefined;
let nextId = 0;

function show(id: string, options: ToastOptions) {
  const data = { id, description: options.description, duration: options.duration ?? TOAST_DURATION_MS };
  withSonner((s) => {
    if (options.variant === "destructive") s.error(options.title ?? "", data);
    else s(options.title ?? "", data);
  });
}

/** Shows a notification, replacing the one on screen. Callable outside React. */
export function toast(options: ToastOptions): ToastHandle {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = options.id ?? `toast-${nextId}`;
  if (showing !== undefined && showing !== id) {
    const previous = showing;
    withSonner((s) => s.dismiss(previous));
  }
  showing = id;
  show(id, options);
  return { id, dismiss: () => dismiss(id), update: (next) => show(id, { ...options, ...next }) };
}

/** Closes one toast (say, the error whose cause was just fixed), or all of them without an id. */
export function dismiss(id?: string) {
  if (id === undefined) {
    withSonner((s) => s.dismiss());
    showing = undefined;
    return;
  }
  withSonner((s) => s.dismiss(id));
  if (showing === id) showing = undefined;
}

/** `toast` and `dismiss` for use inside components. */
export function useToast() {
  return { toast, dismiss };
}
