"use client";

import { useCallback, useSyncExternalStore } from "react";

// A string kept in sessionStorage or localStorage, read through useSyncExternalStore so the server
// render (null) and the browser agree and every component using the same key stays in step.
// Falls back to memory when storage is blocked (private modes, sandboxed frames).

type Area = "session" | "local";

const EVENT = "browser-storage-change";
const memory = new Map<string, string>();

const storageOf = (area: Area) => (area === "session" ? window.sessionStorage : window.localStorage);

function read(area: Area, key: string): string | null {
  try {
    const v = storageOf(area).getItem(key);
    if (v !== null) return v;
  } catch {
    // storage blocked: memory below
  }
  return memory.get(`${area}:${key}`) ?? null;
}

export function useBrowserStorage(area: Area, key: string): [string | null, (value: string) => void] {
  const id = `${area}:${key}`;
  const subscribe = useCallback(
    (onChange: () => void) => {
      const onEvent = (e: Event) => {
        if ((e as CustomEvent<string>).detail === id) onChange();
      };
      window.addEventListener(EVENT, onEvent);
      window.addEventListener("storage", onChange);
      return () => {
        window.removeEventListener(EVENT, onEvent);
        window.removeEventListener("storage", onChange);
      };
    },
    [id],
  );
  const value = useSyncExternalStore(subscribe, () => read(area, key), () => null);
  const set = useCallback(
    (next: string) => {
      memory.set(id, next);
      try {
        storageOf(area).setItem(key, next);
      } catch {
        // memory keeps it for this page
      }
      window.dispatchEvent(new CustomEvent(EVENT, { detail: id }));
    },
    [area, key, id],
  );
  return [value, set];
}

/** An on/off flag kept for the browser session (the explainers' open state); off on the server.
 *  `on`/`off` are the stored words (the customer hub's explainer has always stored "true"/"false",
 *  the others "1"/"0"; kept so a flag set before a deploy still reads the same). */
export function useSessionFlag(key: string, { on = "1", off = "0" }: { on?: string; off?: string } = {}): [boolean, (value: boolean) => void] {
  const [value, setValue] = useBrowserStorage("session", key);
  const set = useCallback((next: boolean) => setValue(next ? on : off), [setValue, on, off]);
  return [value === on, set];
}
