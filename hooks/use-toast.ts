"use client";

import * as React from "react";

// Product rule: at most one notification on screen (a new one replaces the old), shown for 5000 ms,
// in two variants; every failure uses "destructive". The store lives at module level so that
// `toast()` can be called from anywhere (mutation callbacks, plain functions), not only components.
// The <Toaster> counts the display time (Radix pauses it while hovered or focused, or while the
// window is in the background) and reports the close back here.

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** How long a closed toast stays mounted so its exit animation can play. */
const TOAST_REMOVE_DELAY_MS = 1000;

export type ToastVariant = "default" | "destructive";

export type ToastOptions = {
  title?: React.ReactNode;
  description?: React.ReactNode;
  variant?: ToastVariant;
  /** A <ToastAction altText="..."> button. */
  action?: React.ReactElement;
  /** Display time in ms; defaults to TOAST_DURATION_MS. */
  duration?: number;
};

export type ToasterToast = ToastOptions & {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type ToastHandle = {
  id: string;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
};

const EMPTY: ToasterToast[] = [];
let toasts: ToasterToast[] = EMPTY;
let nextId = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToasterToast[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function remove(id: string) {
  const timer = removeTimers.get(id);
  if (timer) clearTimeout(timer);
  removeTimers.delete(id);
  setToasts(toasts.filter((t) => t.id !== id));
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(id, setTimeout(() => remove(id), TOAST_REMOVE_DELAY_MS));
}

/** Closes one toast, or all of them when called without an id. */
export function dismiss(id?: string) {
  const closing = toasts.filter((t) => t.open && (id === undefined || t.id === id));
  if (closing.length === 0) return;
  closing.forEach((t) => scheduleRemoval(t.id));
  setToasts(toasts.map((t) => (closing.includes(t) ? { ...t, open: false } : t)));
}

function update(id: string, options: ToastOptions) {
  setToasts(toasts.map((t) => (t.id === id ? { ...t, ...options } : t)));
}

/** Shows a notification, replacing the one on screen. Callable outside React. */
export function toast(options: ToastOptions): ToastHandle {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(nextId);
  const entry: ToasterToast = {
    variant: "default",
    ...options,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismiss(id);
    },
  };
  const kept = [entry, ...toasts].slice(0, TOAST_LIMIT);
  // Replaced toasts go at once (no exit animation), so drop their pending removal timers too.
  toasts.filter((t) => !kept.includes(t)).forEach((t) => {
    clearTimeout(removeTimers.get(t.id));
    removeTimers.delete(t.id);
  });
  setToasts(kept);
  return { id, dismiss: () => dismiss(id), update: (next) => update(id, next) };
}

/** The toasts to render, plus `toast` and `dismiss` for convenience inside components. */
export function useToast() {
  const current = React.useSyncExternalStore(
    subscribe,
    () => toasts,
    () => EMPTY,
  );
  return { toasts: current, toast, dismiss };
}
