"use client";

import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { getQueryFn } from "@/lib/client/api";
import type { AdminBusinessDto } from "@/lib/admin/list-businesses";

// Small pieces shared by the super-admin dashboard's sections.

/** A read through the query-key factory (the key's first element is the URL). `initialData`: what
 *  the page already read on the server for the first HTML (the same shape as the URL's answer). */
export function useAdminQuery<T>(queryKey: readonly unknown[], opts: { refetchInterval?: number; enabled?: boolean; initialData?: T } = {}) {
  return useQuery<T | null>({ queryKey, queryFn: getQueryFn<T>({ on401: "throw" }), ...opts });
}

export function AdminSection({ title, description, action, children, id }: { title: string; description?: string; action?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <Card role="region" aria-labelledby={id ? `${id}-title` : undefined} className="min-w-0 gap-4">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2 px-4 sm:px-6">
        <div className="min-w-0">
          <CardTitle id={id ? `${id}-title` : undefined} className="text-lg">
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {action}
      </CardHeader>
      <CardContent className="min-w-0 px-4 sm:px-6">{children}</CardContent>
    </Card>
  );
}

export function StatTile({ label, value, loading }: { label: string; value: ReactNode; loading?: boolean }) {
  return (
    <div className="min-w-0 rounded-lg border bg-background p-3">
      <p className="truncate text-xs text-muted-foreground">{label}</p>
      {loading ? <Skeleton className="mt-1 h-7 w-16" /> : <p className="mt-1 truncate text-2xl font-semibold">{value}</p>}
    </div>
  );
}

export function LoadingRows({ rows = 3 }: { rows?: number }) {
  return (
    <div className="space-y-2" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  );
}

/** A business picker's options: one per business, by name. */
export function BusinessOptions({ businesses }: { businesses: AdminBusinessDto[] | null | undefined }) {
  return (businesses ?? []).map((b) => (
    <option key={b.id} value={b.id}>
      {b.name}
    </option>
  ));
}

export const selectClass =
  "h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";
