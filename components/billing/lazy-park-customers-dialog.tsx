"use client";

import type { ComponentProps } from "react";
import dynamic from "next/dynamic";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import type { ParkCustomersDialog as Dialog } from "@/components/billing/park-customers-dialog";
import { loadWithQueryClient } from "@/components/load-with-query-client";

// The Park Customers dialog (its list, form and validation messages) loads the first time it
// opens instead of with the dashboard or account page; once opened it stays mounted.
// With react-query's provider: the dashboard and the account page's banners mount none of their own.
const ParkCustomersDialog = dynamic(loadWithQueryClient(() => import("@/components/billing/park-customers-dialog").then((m) => m.ParkCustomersDialog)), { ssr: false });

export function LazyParkCustomersDialog(props: ComponentProps<typeof Dialog>) {
  const mounted = useOpenedOnce(props.open);
  return mounted ? <ParkCustomersDialog {...props} /> : null;
}
