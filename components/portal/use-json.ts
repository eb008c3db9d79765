"use client";

import { useEffect, useState } from "react";
import { apiJson } from "@/lib/client/api";

// The portal's reads (issue 23: no query library in the customer pages' first load). A GET per
// url, remembered for the component's life: `initial` is what the server already read for the
// first HTML (no request then); `reload` asks again and keeps showing the old answer meanwhile.

type Entry<T> = { data?: T; error?: unknown; round: number };

export type Json<T> = {
  data: T | undefined;
  error: unknown;
  /** Nothing to show yet for this url (never answered). */
  pending: boolean;
  reload: () => void;
  /** Replace the answer (say, with what a save sent back). */
  set: (data: T) => void;
};

export function useJson<T>(url: string | null, initial?: { url: string; data: T }): Json<T> {
  const [entries, setEntries] = useState<Record<string, Entry<T>>>(() => (initial ? { [initial.url]: { data: initial.data, round: 0 } } : {}));
  const [round, setRound] = useState(0);
  const entry = url === null ? undefined : entries[url];
  const stale = url !== null && (entry === undefined || entry.round !== round);

  useEffect(() => {
    if (!stale || url === null) return;
    let live = true;
    const settle = (next: Omit<Entry<T>, "round">) => live && setEntries((all) => ({ ...all, [url]: { ...all[url], ...next, round } }));
    apiJson<T>("GET", url).then(
      (data) => settle({ data, error: undefined }),
      (error: unknown) => settle({ error }),
    );
    return () => {
      live = false;
    };
  }, [stale, url, round]);

  return {
    data: entry?.data,
    error: entry?.error,
    pending: url !== null && entry === undefined,
    reload: () => setRound((r) => r + 1),
    set: (data) => url !== null && setEntries((all) => ({ ...all, [url]: { data, round } })),
  };
}
