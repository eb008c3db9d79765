"use client";

import { useSyncExternalStore } from "react";

const noop = () => () => {};

/** The page's origin ("https://app.example.com"); "" during the server render. */
export function useOrigin(): string {
  return useSyncExternalStore(
    noop,
    () => window.location.origin,
    () => "",
  );
}
