"use client";

import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Skeleton } from "@/components/ui/skeleton";
import { getQueryFn } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { greetingLine } from "@/lib/rules/greeting";
import type { CurrentUser } from "@/lib/auth/current-user";

/** The business dashboard. This issue lands the greeting; the figures, tiles and hall of fame
 *  arrive with the customers issue (spec 1 section 2). */
export function DashboardPage() {
  const user = useQuery<CurrentUser | null>({ queryKey: queryKeys.currentUser, queryFn: getQueryFn<CurrentUser>({ on401: "returnNull" }) });
  // The greeting follows the viewer's clock, so it is computed in the browser after mount.
  const [hour, setHour] = useState<number | null>(null);
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setHour(new Date().getHours()), []);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      {user.isPending || hour === null ? (
        <Skeleton className="h-9 w-72" aria-label="Loading" />
      ) : (
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{greetingLine(hour, user.data?.businessName)}</h1>
      )}
    </div>
  );
}
