"use client";

import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/client/query-keys";
import type { PointsHubStart } from "@/components/points/points-hub-screen";
import { PointsHub } from "@/components/points/points-hub";
import { withQueryClient } from "@/components/query-provider";

// The live points hub after the server's first screen (points-hub-island.tsx): the configuration
// and the rate change log the server read with the page go into react-query's cache before the
// hub reads them, so it draws the same cards without asking again.
function SeededPointsHub({ profile, trail }: PointsHubStart) {
  const queryClient = useQueryClient();
  useState(() => {
    queryClient.setQueryData(queryKeys.businessProfile, profile);
    queryClient.setQueryData(queryKeys.pointsAuditTrail, trail);
  });
  return <PointsHub />;
}

/** Inside the layout's query client, or its own when the page has none (react-query then loads with the hub). */
export const LivePointsHub = withQueryClient(SeededPointsHub);
