"use client";

import { useCallback, useEffect, useRef, useState } from "react";

/** Spec 3 section 9: a refresh shows a spinner dialog for about 0.8 s while the list refetches. */
export const REFRESH_SPINNER_MS = 800;

export function useRefreshSpinner(refetch: () => unknown) {
  const [spinning, setSpinning] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const refresh = useCallback(() => {
    setSpinning(true);
    void refetch();
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setSpinning(false), REFRESH_SPINNER_MS);
  }, [refetch]);
  return { spinning, refresh };
}
