"use client";

import { Takeover } from "@/components/ui/takeover";
import type { PointsHubStart } from "@/components/points/points-hub-screen";

// The points hub's client code (react-query, the settings forms, the dialogs) loads after the
// page; until then the server's screen (the children) is on screen (components/ui/takeover.tsx).

const loadLiveHub = () => import("@/components/points/points-hub-live").then((m) => m.LivePointsHub);

export function PointsHubIsland({ children, ...start }: PointsHubStart & { children: React.ReactNode }) {
  return (
    <Takeover load={loadLiveHub} props={start} pendingLabel="loading the points hub...">
      {children}
    </Takeover>
  );
}
