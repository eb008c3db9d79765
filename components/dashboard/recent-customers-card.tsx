import Link from "next/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/rules/format";
import type { RecentCustomer, Settled } from "@/lib/dashboard/types";
import { DashboardReadError } from "@/components/dashboard/dashboard-read-error";
import { formatMembershipNumber } from "@/lib/rules/membership-number";

/** The newest members of the loyalty club. */
export function RecentCustomersCard({ read }: { read: Settled<RecentCustomer[]> | undefined }) {
  const data = read?.data;
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
        {read === undefined ? (
          <ul className="space-y-3" aria-busy="true" aria-label="loading newest members">
            {[0, 1, 2].map((i) => (
              <li key={i}>
                <Skeleton className="h-9" />
              </li>
            ))}
          </ul>
        ) : data ? (
          data.length === 0 ? (
            <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">no customers yet: your newest members will appear here.</p>
          ) : (
            <ul className="divide-y">
              {data.map((c) => (
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
          <DashboardReadError title="we couldn't load your newest members" message={read.error ?? ""} />
        )}
      </CardContent>
    </Card>
  );
}
