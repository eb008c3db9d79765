"use client";

import type { ReactNode } from "react";
import { Takeover } from "@/components/ui/takeover";
import type { EmailLogDto, LogPage } from "@/lib/activity/activity-log-dto";
import { loadWithQueryClient } from "@/components/load-with-query-client";

// The activity hub's client code (Radix tabs, react-query, the spinner dialog) loads after the page;
// until then the server's screen (the children) is on screen (components/ui/takeover.tsx).

const loadLiveHub = loadWithQueryClient(() => import("@/components/activity/activity-hub").then((m) => m.ActivityHub));

export function ActivityHubIsland({ firstEmails, children }: { firstEmails: LogPage<EmailLogDto>; children: ReactNode }) {
  return (
    <Takeover load={loadLiveHub} props={{ firstEmails }} pendingLabel="loading the activity hub...">
      {children}
    </Takeover>
  );
}
