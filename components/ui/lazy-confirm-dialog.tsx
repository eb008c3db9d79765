"use client";

import dynamic from "next/dynamic";

/** ConfirmDialog loaded on first use: for screens that render it only while it is open, so the
 *  alert-dialog code stays out of their first-load JavaScript. */
export const LazyConfirmDialog = dynamic(() => import("@/components/ui/confirm-dialog").then((m) => m.ConfirmDialog), { ssr: false });
