import "server-only";
import { envNow } from "@/lib/env";
import { log, setErrorReporter, type ErrorContext, type NextRequestInfo } from "@/lib/log";
import { scrubErrorEvent, SENTRY_DATA_COLLECTION } from "@/lib/rules/personal-data";

// Error reporting to Sentry (issue 22 item 4), server side. Started once per process by
// instrumentation.ts register() when SENTRY_DSN is set; without it nothing here loads (not even the
// SDK) and the 500s go to the log only, as before. Each 500 reaches Sentry once: lib/log.ts
// `reportServerError` is the one gate (an error object is reported once) and calls the reporter
// installed here, which tags the event with the request id. Errors that escape a page or a route
// arrive through Next's onRequestError and are sent with Sentry.captureRequestError (Sentry's
// documented hook, which adds the router context); the 500s the API wrappers answer themselves with
// Sentry.captureException. No personal data: the SDK collects none (SENTRY_DATA_COLLECTION, SDK 11's
// successor of sendDefaultPii: false) and every event is scrubbed before it leaves
// (lib/rules/personal-data.ts). No tracing: errors only.

type SentryModule = typeof import("@sentry/nextjs");

/** The options, shared with tests. `dsn` is the server's SENTRY_DSN. */
export function sentryServerOptions(dsn: string) {
  return {
    dsn,
    environment: envNow("SENTRY_ENVIRONMENT") ?? envNow("NODE_ENV") ?? "development",
    release: envNow("SENTRY_RELEASE") ?? envNow("VERCEL_GIT_COMMIT_SHA") ?? envNow("GIT_COMMIT"),
    dataCollection: SENTRY_DATA_COLLECTION,
    // Sentry's Dedupe drops an event equal to the one before it: two requests failing the same way
    // are two 500s, and each is reported (Sentry groups them into one issue and counts them).
    integrations: (defaults: { name: string }[]) => defaults.filter((i) => i.name !== "Dedupe"),
    beforeSend: scrubErrorEvent,
  } satisfies Parameters<SentryModule["init"]>[0];
}

/** The reporter lib/log.ts calls for each 500 (once per error). */
export function sentryReporter(Sentry: SentryModule) {
  return (err: unknown, context: ErrorContext, next?: NextRequestInfo) => {
    Sentry.withScope((scope) => {
      if (context.requestId) scope.setTag("request_id", context.requestId);
      if (context.route) scope.setTag("route", context.route);
      if (context.method) scope.setTag("method", context.method);
      if (context.audience) scope.setTag("audience", context.audience);
      if (context.source) scope.setTag("source", context.source);
      if (context.businessId !== undefined) scope.setTag("business_id", String(context.businessId));
      if (next) {
        Sentry.captureRequestError(err, next.request, next.context);
      } else {
        if (context.route) scope.setTransactionName(`${context.method ?? ""} ${context.route}`.trim());
        Sentry.captureException(err, { mechanism: { handled: false, type: "auto.function.nextjs.api_wrapper" } });
      }
    });
  };
}

/** Starts Sentry when SENTRY_DSN is set. Returns whether it did. */
export async function startErrorReporting(): Promise<boolean> {
  const dsn = envNow("SENTRY_DSN");
  if (!dsn) return false;
  const Sentry = await import("@sentry/nextjs");
  Sentry.init(sentryServerOptions(dsn));
  setErrorReporter(sentryReporter(Sentry));
  log.info({ source: "error-reporting", host: new URL(dsn).host }, "500s are reported to Sentry");
  return true;
}
