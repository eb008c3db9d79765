"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { FallbackScreen } from "@/components/chrome/fallback-screen";

/** The reference Next gives an error from the server (matches the server's log line), if any. */
function referenceOf(error: unknown): string | null {
  return error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : null;
}

// What app/error.tsx and app/global-error.tsx show instead of Next's bare "Application error":
// the brand's fallback screen, a way to try again, and the reference support can look up.
export function ErrorScreen({ error, retry }: { error: unknown; retry: () => void }) {
  const reference = referenceOf(error);
  return (
    <FallbackScreen title="something went wrong">
      <p className="mt-4 text-sm text-muted-foreground">this page could not be shown. try again, or go back to the start.</p>
      {reference && <p className="mt-2 font-mono text-xs break-all text-muted-foreground">reference {reference}</p>}
      <div className="mt-6 flex flex-wrap gap-3">
        <Button type="button" onClick={() => retry()}>
          try again
        </Button>
        <Button asChild variant="outline">
          <Link href="/">back to the start</Link>
        </Button>
      </div>
    </FallbackScreen>
  );
}
