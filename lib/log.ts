import pino, { type Logger } from "pino";
import { scrub } from "@/lib/rules/personal-data";

export { scrub };

// The one logger of the server: JSON lines on stdout (pino), one object per event. Importable from
// every server runtime we use (route handlers, middleware in the Node runtime, instrumentation).
// Rules:
// - no personal data: the keys below are redacted wherever they appear, and free text (messages,
//   error messages and stacks) has email addresses, phone numbers and one-time codes masked
//   (`scrub`, lib/rules/personal-data.ts, the same rule as the error reports);
// - LOG_LEVEL picks the level (default info; silent under jest unless LOG_LEVEL is set).

const REDACTED_KEYS = ["email", "customerEmail", "phone", "phoneNumber", "to", "code", "passcode", "password", "token", "pushToken", "authorization", "cookie"];

function serializeError(err: unknown) {
  if (!(err instanceof Error)) return { message: scrub(String(err)) };
  const e = err as Error & { code?: unknown; digest?: unknown };
  return {
    type: e.name,
    message: scrub(e.message),
    ...(typeof e.code === "string" ? { code: e.code } : {}),
    ...(typeof e.digest === "string" ? { digest: e.digest } : {}),
    stack: e.stack ? scrub(e.stack) : undefined,
  };
}

// Env exception (docs/architecture.md): the start-up check logs through this module before lib/env.ts
// may load (importing it would throw on the very problems being reported); LOG_LEVEL is read here.
function defaultLevel(): string {
  if (process.env.LOG_LEVEL) return process.env.LOG_LEVEL;
  return process.env.NODE_ENV === "test" ? "silent" : "info";
}

/** Writes through process.stdout so tests (and the platform's log drain) see every line. */
const stdout = { write: (line: string) => process.stdout.write(line) };

export function createLogger(destination: { write(line: string): unknown } = stdout): Logger {
  return pino(
    {
      level: defaultLevel(),
      base: { service: "loyalty-legends" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: [...REDACTED_KEYS, ...REDACTED_KEYS.map((k) => `*.${k}`)], censor: "[redacted]" },
      serializers: { err: serializeError, error: serializeError },
      hooks: {
        logMethod(args, method) {
          // the message string (last string argument) is free text: scrub it too
          const scrubbed = args.map((a) => (typeof a === "string" ? scrub(a) : a)) as Parameters<typeof method>;
          return method.apply(this, scrubbed);
        },
      },
    },
    destination,
  );
}

const globalForLog = globalThis as unknown as { __log?: Logger };
/** The process's logger (one per process, shared by every bundle that imports this module). */
export const log: Logger = (globalForLog.__log ??= createLogger());

// Request ids: taken from the caller (our middleware, a load balancer) when they look like an id,
// made otherwise. Anything else (newlines, long strings) is never echoed into logs or headers.
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
export const REQUEST_ID_HEADER = "x-request-id";

export function requestIdFrom(headers: Headers): string {
  const given = headers.get(REQUEST_ID_HEADER);
  return given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

// Every 500 is reported exactly once, with its request id: the API wrappers report the errors they
// turn into 500 answers, Next's onRequestError (instrumentation.ts) the ones that escape a page or a
// route; an error object seen before is not reported again. Always as a log line; also to Sentry when
// SENTRY_DSN is set (lib/observability/sentry-server.ts installs the reporter at start).
// One per process, shared by every bundle (instrumentation and routes are bundled apart): the error
// set and the reporter.
const globalForReports = globalThis as unknown as { __reportedErrors?: WeakSet<object>; __errorReporter?: ErrorReporter };
const reported = (globalForReports.__reportedErrors ??= new WeakSet<object>());

export type ErrorContext = { requestId?: string; route?: string; method?: string; audience?: string; businessId?: number; source?: string };
/** What Next's onRequestError gives about the request, passed on to the reporter as it came. */
export type NextRequestInfo = { request: { path: string; method: string; headers: Record<string, string | string[] | undefined> }; context: { routerKind: string; routePath: string; routeType: string } };
export type ErrorReporter = (err: unknown, context: ErrorContext, next?: NextRequestInfo) => void;

/** Installs (or, with null, removes) the process's error reporter besides the log. */
export function setErrorReporter(reporter: ErrorReporter | null): void {
  globalForReports.__errorReporter = reporter ?? undefined;
}

export function reportServerError(err: unknown, context: ErrorContext, next?: NextRequestInfo): boolean {
  if (err !== null && typeof err === "object") {
    if (reported.has(err)) return false;
    reported.add(err);
  }
  const reporter = globalForReports.__errorReporter;
  log.error({ ...context, err, ...(reporter ? { reportedTo: "sentry" } : {}) }, "unhandled error");
  if (reporter) {
    try {
      reporter(err, context, next);
    } catch (e) {
      log.warn({ err: e }, "error reporter failed");
    }
  }
  return true;
}
