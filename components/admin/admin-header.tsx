"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { queryKeys } from "@/lib/client/query-keys";
import type { SystemSettingsView } from "@/lib/settings/get-system-settings";
import { useAdminQuery } from "@/components/admin/admin-ui";

/** Title, whether sign-ups are open, and logout (GET /api/logout, spec 3 section 7). `settings`:
 *  the server's read for the first HTML. */
export function AdminHeader({ settings: initialData }: { settings?: SystemSettingsView }) {
  const settings = useAdminQuery<SystemSettingsView>(queryKeys.systemSettings, { initialData });
  const open = settings.data?.signupsEnabled;
  return (
    <header className="flex flex-wrap items-center justify-between gap-3 border-b bg-background px-4 py-3">
      <div className="min-w-0">
        <h1 className="text-xl font-semibold">super admin</h1>
        <p className="text-sm text-muted-foreground">
          Signups:{" "}
          {settings.isPending ? (
            "checking…"
          ) : (
            <Badge variant={open ? "success" : "warning"}>{open ? "Open" : "Paused"}</Badge>
          )}
        </p>
      </div>
      <Button asChild variant="outline">
        <a href="/api/logout">Log out</a>
      </Button>
    </header>
  );
}
