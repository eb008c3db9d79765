// Runs once when a server process starts (Next's instrumentation hook), before it serves anything.
// register(): the production configuration check (lib/config-check.ts): one message naming every
// problem, then exit non-zero. onRequestError(): each 500 that escapes a page, a server action or a
// route handler is reported once with its request id (lib/log.ts). The API wrappers report the 500s
// they answer themselves, so one error is never reported twice. No Sentry: docs/decisions.md
// "Production operations" says why and how to add it.
import type { Instrumentation } from "next";

// Node-only code is imported inside the runtime check, so the edge build never includes it.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkConfigurationAtStart } = await import("@/lib/startup/check-configuration");
  checkConfigurationAtStart();
}

export const onRequestError: Instrumentation.onRequestError = async (err, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { reportServerError, REQUEST_ID_HEADER } = await import("@/lib/log");
  const header = (request.headers as Record<string, string | string[] | undefined>)[REQUEST_ID_HEADER];
  reportServerError(err, {
    requestId: Array.isArray(header) ? header[0] : header,
    method: request.method,
    route: context.routePath,
    source: `${context.routerKind}:${context.routeType}`,
  });
};
