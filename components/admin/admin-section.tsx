import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

// The super-admin dashboard's section frame, tiles and skeleton rows. No "use client": the
// overview is drawn with them on the server and the tabs' client code uses them too (issue 23).

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

export const selectClass =
  "h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";
