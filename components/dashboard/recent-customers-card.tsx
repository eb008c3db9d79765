"use client";

import Link from "next/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/rules/format";
import { QueryError } from "@/components/ui/query-error";
import { useRecentCustomers } from "@/components/dashboard/dashboard-queries";
import { formatMembershipNumber } from "@/lib/rules/membership-number";

/** The newest members of the loyalty club. */
export function RecentCustomersCard() {
  const recent = useRecentCustomers();
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle>newest members</CardTitle>
        <CardDescription>
          the latest customers to join.{" "}
          <Link href="/customers" className="text-primary underline underline-offset-4 hover:decoration-2">
            see all customers
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {recent.isPending ? (
          <ul className="space-y-3" aria-busy="true" aria-label="loading newest members">
            {[0, 1, 2].map((i) => (
              <li key={i}>
                <Skeleton className="h-9" />
              </li>
            ))}
          </ul>
        ) : recent.data ? (
          recent.data.length === 0 ? (
            <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">no customers yet: your newest members will appear here.</p>
          ) : (
            <ul className="divide-y">
              {recent.data.map((c) => (
                <li key={c.id} className="flex min-w-0 items-center justify-between gap-3 py-2">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{c.name}</p>
                    <p className="truncate text-xs text-muted-foreground">
                      {c.email} · {formatMembershipNumber(c.membershipNumber)}
                    </p>
                  </div>
                  <span className="shrink-0 text-xs text-muted-foreground">joined {formatDate(c.createdAt)}</span>
                </li>
              ))}
            </ul>
          )
        ) : (
          <QueryError title="we couldn't load your newest members" error={recent.error} onRetry={() => void recent.refetch()} />
        )}
      </CardContent>
    </Card>
  );
}
