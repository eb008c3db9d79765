"use client";

import type { ReactNode } from "react";
import { Takeover } from "@/components/ui/takeover";
import type { EmailLogDto, LogPage } from "@/lib/activity/activity-log-dto";

// The activity hub's client code (Radix tabs, react-query, the spinner dialog) loads after the page;
// until then the server's screen (the children) is on screen (components/ui/takeover.tsx).

const loadLiveHub = () => Promise.all([import("@/components/activity/activity-hub"), import("@/components/query-provider")]).then(([m, q]) => q.withQueryClient(m.ActivityHub));

export function ActivityHubIsland({ firstEmails, children }: { firstEmails: LogPage<EmailLogDto>; children: ReactNode }) {
  return (
    <Takeover load={loadLiveHub} props={{ firstEmails }} pendingLabel="loading the activity hub...">
      {children}
    </Takeover>
  );
}
