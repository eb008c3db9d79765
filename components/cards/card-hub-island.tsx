"use client";

import type { ReactNode } from "react";
import { Takeover } from "@/components/ui/takeover";
import type { CardHubStart } from "@/components/cards/card-hub-parts";
import { loadWithQueryClient } from "@/components/load-with-query-client";

// The card hub's client code (react-query, the search, the explainers, the detail dialog) loads after
// the page; until then the server's screen (the children) is on screen (components/ui/takeover.tsx).

const loadLiveHub = loadWithQueryClient(() => import("@/components/cards/card-hub-page").then((m) => m.CardHubPage));

export function CardHubIsland({ start, children }: { start: CardHubStart; children: ReactNode }) {
  return (
    <Takeover load={loadLiveHub} props={{ start }} pendingLabel="loading loyalty cards...">
      {children}
    </Takeover>
  );
}
