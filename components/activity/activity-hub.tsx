"use client";

import type { ReactNode } from "react";
import { RefreshCw } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { ActivityLogDto, EmailLogDto, LogPage } from "@/lib/activity/activity-log-dto";
import { useLogPages } from "@/components/activity/use-log-pages";
import { useRefreshSpinner } from "@/components/activity/use-refresh-spinner";
import { preloadable, usePreloaded } from "@/components/ui/use-preloaded";
import { EmailLogTable } from "@/components/activity/email-log-table";
import { ActivityLogTable } from "@/components/activity/activity-log-table";

// The activity hub (/activity, spec 3 section 2): communications (the email log) and the activity
// log, each with a refresh button (refetch + a spinner dialog for about 0.8 s) and older pages.
// Issue 23: the page reads the email log's first page on the server, so the first tab's rows are in
// the first HTML (the activity log is read when its tab is opened, as before); the spinner dialog
// (Radix Dialog) is fetched when a panel mounts, not with the page.

const spinnerDialog = preloadable(() => import("@/components/activity/refresh-spinner"));

export function ActivityHub({ firstEmails }: { firstEmails?: LogPage<EmailLogDto> }) {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">activity hub</h1>
        <p className="text-sm text-muted-foreground">every email sent to your customers, and everything done in your account.</p>
      </div>
      <Tabs defaultValue="communications">
        <TabsList>
          <TabsTrigger value="communications">communications</TabsTrigger>
          <TabsTrigger value="activity">activity log</TabsTrigger>
        </TabsList>
        <TabsContent value="communications">
          <LogPanel<EmailLogDto> queryKey={queryKeys.emailLogs} first={firstEmails} title="email log" render={(logs) => <EmailLogTable logs={logs} />} />
        </TabsContent>
        <TabsContent value="activity">
          <LogPanel<ActivityLogDto> queryKey={queryKeys.activityLogs} title="activity log" render={(logs) => <ActivityLogTable logs={logs} />} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function LogPanel<T>({ queryKey, first, title, render }: { queryKey: readonly [string]; first?: LogPage<T>; title: string; render: (logs: T[]) => ReactNode }) {
  const pages = useLogPages<T>(queryKey, first);
  const spinner = usePreloaded(spinnerDialog);
  const { spinning, refresh } = useRefreshSpinner(pages.refetch);
  const logs = pages.data?.pages.flatMap((p) => p.logs) ?? [];

  return (
    <Card className="gap-4">
      <CardContent className="grid gap-4">
        <div className="flex items-center justify-between gap-2">
          <h2 className="font-semibold">{title}</h2>
          <Button type="button" variant="outline" size="sm" onClick={refresh} disabled={spinning}>
            <RefreshCw aria-hidden /> refresh
          </Button>
        </div>
        {pages.isPending ? (
          <div role="status" className="grid gap-2" aria-busy="true" aria-label={`Loading the ${title}`}>
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : pages.isError ? (
          <Alert variant="destructive">
            <AlertTitle>could not load the {title}</AlertTitle>
            <AlertDescription>
              <p>{errorMessage(pages.error)}</p>
            </AlertDescription>
          </Alert>
        ) : (
          <>
            {render(logs)}
            {pages.hasNextPage && (
              <div className="flex justify-center">
                <Button type="button" variant="outline" onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage} aria-busy={pages.isFetchingNextPage || undefined}>
                  {pages.isFetchingNextPage ? "loading..." : "load older entries"}
                </Button>
              </div>
            )}
          </>
        )}
      </CardContent>
      {spinner && <spinner.RefreshSpinnerDialog open={spinning} />}
    </Card>
  );
}
