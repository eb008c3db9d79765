"use client";

import type { ComponentProps } from "react";
import dynamic from "next/dynamic";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import type { ProUpgradeModal as Modal } from "@/components/billing/pro-upgrade-modal";

// The pro upgrade info modal loads the first time it opens, not with the dashboard; once opened
// it stays mounted so it can animate closed.
const ProUpgradeModal = dynamic(() => import("@/components/billing/pro-upgrade-modal").then((m) => m.ProUpgradeModal), { ssr: false });

export function LazyProUpgradeModal(props: ComponentProps<typeof Modal>) {
  const mounted = useOpenedOnce(props.open);
  return mounted ? <ProUpgradeModal {...props} /> : null;
}
