"use client";

import type { ReactNode } from "react";
import { Takeover } from "@/components/ui/takeover";
import { loadWithQueryClient } from "@/components/load-with-query-client";
import type { SetupProgress } from "@/lib/onboarding/progress";

// The checklist's client code (react-query for the 5 s poll and the "mark as done" call) loads after
// the page; until then the server's screen (the children) is on screen, and a "mark as done" pressed
// meanwhile is replayed on the live checklist (components/ui/takeover.tsx).

const loadLiveChecklist = loadWithQueryClient(() => import("@/components/onboarding/onboarding-checklist").then((m) => m.OnboardingChecklist));

/** initial: the progress the page read, or undefined when that read failed (the live checklist then asks at once). */
export function OnboardingIsland({ initial, children }: { initial?: SetupProgress; children: ReactNode }) {
  return (
    <Takeover load={loadLiveChecklist} props={{ initial }} eager={initial === undefined} pendingLabel="loading the setup checklist...">
      {children}
    </Takeover>
  );
}
