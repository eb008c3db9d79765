"use client";

import { useEffect, useState } from "react";

// Code split off a page but fetched as soon as the part that needs it mounts, and used
// synchronously once it is in: for dialogs whose trigger is on screen from the start, so the
// dialog code leaves the page's first-load JavaScript yet a press almost never waits for it.

export type Preloadable<T> = { get: () => Promise<T>; peek: () => T | undefined };

export function preloadable<T>(load: () => Promise<T>): Preloadable<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    get: () =>
      (pending ??= load().then(
        (v) => (value = v),
        (e: unknown) => {
          pending = undefined; // a failed chunk load may be retried on the next mount
          throw e;
        },
      )),
    peek: () => value,
  };
}

/** The loaded value, or undefined until it has arrived (starts the load on mount). */
export function usePreloaded<T>(p: Preloadable<T>): T | undefined {
  // Functions (components) are stored through an updater so React does not call them.
  const [value, setValue] = useState<T | undefined>(() => p.peek());
  useEffect(() => {
    if (value !== undefined) return;
    let live = true;
    p.get().then(
      (v) => live && setValue(() => v),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [p, value]);
  return value;
}
