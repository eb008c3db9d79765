import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { SystemSettingsView } from "@/lib/settings/get-system-settings";

/** Title, whether sign-ups are open, and logout (GET /api/logout, spec 3 section 7). Drawn on the
 *  server from the page's read (issue 23); a settings save refreshes the page's server parts. */
export function AdminHeader({ settings }: { settings: Pick<SystemSettingsView, "signupsEnabled"> }) {
  const open = settings.signupsEnabled;
  return (
    <header className="flex flex-wrap items-center justify-between gap-3 border-b bg-background px-4 py-3">
      <div className="min-w-0">
        <h1 className="text-xl font-semibold">super admin</h1>
        <p className="text-sm text-muted-foreground">
          Signups: <Badge variant={open ? "success" : "warning"}>{open ? "Open" : "Paused"}</Badge>
        </p>
      </div>
      <Button asChild variant="outline">
        <a href="/api/logout">Log out</a>
      </Button>
    </header>
  );
}
