"use client";

import { useCallback, useSyncExternalStore } from "react";

// A string kept in localStorage, read through useSyncExternalStore so the server render (null)
// and the browser agree and every component using the key stays in step. Falls back to memory
// when storage is blocked.

const EVENT = "stored-value-change";
const memory = new Map<string, string | null>();

function read(key: string): string | null {
  try {
    const v = window.localStorage.getItem(key);
    if (v !== null) return v;
  } catch {
    // storage blocked: memory below
  }
  return memory.get(key) ?? null;
}

export function useStoredValue(key: string): [string | null, (value: string) => void] {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const onEvent = (e: Event) => {
        if ((e as CustomEvent<string>).detail === key) onChange();
      };
      window.addEventListener(EVENT, onEvent);
      window.addEventListener("storage", onChange);
      return () => {
        window.removeEventListener(EVENT, onEvent);
        window.removeEventListener("storage", onChange);
      };
    },
    [key],
  );
  const value = useSyncExternalStore(subscribe, () => read(key), () => null);
  const set = useCallback(
    (next: string) => {
      memory.set(key, next);
      try {
        window.localStorage.setItem(key, next);
      } catch {
        // memory keeps it for this page
      }
      window.dispatchEvent(new CustomEvent(EVENT, { detail: key }));
    },
    [key],
  );
  return [value, set];
}
