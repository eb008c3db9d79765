// Runs once when a server process starts (Next's instrumentation hook), before it serves anything.
// register(): the production configuration check (lib/config-check.ts): one message naming every
// problem, then exit non-zero; then error reporting: Sentry when SENTRY_DSN is set
// (lib/observability/sentry-server.ts), the log otherwise. onRequestError(): each 500 that escapes a
// page, a server action or a route handler is reported once with its request id (lib/log.ts
// `reportServerError`, which hands it to Sentry.captureRequestError when Sentry is on). The API
// wrappers report the 500s they answer themselves, so one error is never reported twice.
import type { Instrumentation } from "next";

// Env exception (docs/architecture.md): NEXT_RUNTIME is set by Next per runtime and must be checked
// before any Node-only module (lib/env.ts among them) is imported, so the edge build never has them.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkConfigurationAtStart } = await import("@/lib/startup/check-configuration");
  checkConfigurationAtStart();
  const { startErrorReporting } = await import("@/lib/observability/sentry-server");
  await startErrorReporting();
}

export const onRequestError: Instrumentation.onRequestError = async (err, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { reportServerError, REQUEST_ID_HEADER } = await import("@/lib/log");
  const header = request.headers[REQUEST_ID_HEADER];
  reportServerError(
    err,
    {
      requestId: Array.isArray(header) ? header[0] : header,
      method: request.method,
      route: context.routePath,
      source: `${context.routerKind}:${context.routeType}`,
    },
    { request, context },
  );
};
