"use client";

import type { ComponentProps } from "react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import type { CapacityBanners as Banners } from "@/components/billing/capacity-banners";
import type { DowngradeCard as Card } from "@/components/billing/downgrade-card";
import type { StarterProgressCard as Progress } from "@/components/billing/starter-progress-card";
import { loadWithQueryClient } from "@/components/load-with-query-client";

// The capacity banners, the downgrade countdown and the starter progress card are rendered by the server with the page (their
// text is in the first HTML) and their code (the upgrade and billing-portal mutations, the Park
// Customers dialog, the pro upgrade modal, the card and button primitives) is loaded when one of
// them is on the page, not with every dashboard. After the
// park dialog closes the page's server parts render again: parking moves the usage and the figures.

// Each brings react-query's provider with its code (their buttons send with mutations; the business
// layout mounts no provider, and the dashboard reads no query).
const CapacityBanners = dynamic(loadWithQueryClient(() => import("@/components/billing/capacity-banners").then((m) => m.CapacityBanners)));
const DowngradeCard = dynamic(loadWithQueryClient(() => import("@/components/billing/downgrade-card").then((m) => m.DowngradeCard)));
const StarterProgressCard = dynamic(loadWithQueryClient(() => import("@/components/billing/starter-progress-card").then((m) => m.StarterProgressCard)));

export function LazyCapacityBanners(props: Omit<ComponentProps<typeof Banners>, "onParkClosed">) {
  const router = useRouter();
  return <CapacityBanners {...props} onParkClosed={() => router.refresh()} />;
}

export function LazyDowngradeCard(props: Omit<ComponentProps<typeof Card>, "onParkClosed">) {
  const router = useRouter();
  return <DowngradeCard {...props} onParkClosed={() => router.refresh()} />;
}

export function LazyStarterProgressCard(props: ComponentProps<typeof Progress>) {
  return <StarterProgressCard {...props} />;
}
