// Browser error reports (issue 22 item 4): on only when the build sets NEXT_PUBLIC_SENTRY_DSN (the
// CSP then allows that host: lib/csp.mjs). Without it this file does nothing and the SDK is never
// loaded. Same rules as the server: no personal data (SENTRY_DATA_COLLECTION, every event scrubbed:
// lib/rules/personal-data.ts), errors only (no tracing, no replay).
import { scrubErrorEvent, SENTRY_DATA_COLLECTION } from "@/lib/rules/personal-data";

// Env exception (docs/architecture.md): client code; Next inlines NEXT_PUBLIC_* at build, lib/env.ts is server-only.
const dsn = process.env.NEXT_PUBLIC_SENTRY_DSN;

if (dsn) {
  void import("@sentry/nextjs").then((Sentry) => {
    Sentry.init({ dsn, dataCollection: SENTRY_DATA_COLLECTION, beforeSend: scrubErrorEvent });
  });
}
