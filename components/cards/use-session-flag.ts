"use client";

import { useCallback, useSyncExternalStore } from "react";

// An on/off flag kept in sessionStorage (spec: explainers' open state is kept for the browser
// session). Read through useSyncExternalStore, so the server render (always closed) and the
// browser agree, and every component using the same key stays in step.

const EVENT = "session-flag-change";
const memory = new Map<string, boolean>(); // when sessionStorage is blocked (private modes)

function read(key: string): boolean {
  try {
    const v = window.sessionStorage.getItem(key);
    if (v !== null) return v === "1";
  } catch {
    // fall through to memory
  }
  return memory.get(key) ?? false;
}

export function useSessionFlag(key: string): [boolean, (value: boolean) => void] {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const onFlag = (e: Event) => {
        if ((e as CustomEvent<string>).detail === key) onChange();
      };
      window.addEventListener(EVENT, onFlag);
      window.addEventListener("storage", onChange);
      return () => {
        window.removeEventListener(EVENT, onFlag);
        window.removeEventListener("storage", onChange);
      };
    },
    [key],
  );
  const value = useSyncExternalStore(subscribe, () => read(key), () => false);
  const set = useCallback(
    (next: boolean) => {
      memory.set(key, next);
      try {
        window.sessionStorage.setItem(key, next ? "1" : "0");
      } catch {
        // memory keeps it for this page
      }
      window.dispatchEvent(new CustomEvent(EVENT, { detail: key }));
    },
    [key],
  );
  return [value, set];
}
