import pino, { type Logger } from "pino";

// The one logger of the server: JSON lines on stdout (pino), one object per event. Importable from
// every server runtime we use (route handlers, middleware in the Node runtime, instrumentation).
// Rules:
// - no personal data: the keys below are redacted wherever they appear, and free text (messages,
//   error messages and stacks) has email addresses, phone numbers and one-time codes masked;
// - LOG_LEVEL picks the level (default info; silent under jest unless LOG_LEVEL is set).

const REDACTED_KEYS = ["email", "customerEmail", "phone", "phoneNumber", "to", "code", "passcode", "password", "token", "pushToken", "authorization", "cookie"];

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// UK and international phone numbers (+44 7700 900123, 07700 900123, 0044...) and bare digit runs of
// 4-8 (verification codes, PINs). Longer runs (ids, timestamps) are kept.
const PHONE = /(?:\+|\b0)\d[\d\s-]{7,16}\d/g;
const CODE = /\b\d{4,8}\b/g;

/** Masks email addresses, phone numbers and short digit codes in free text. */
export function scrub(text: string): string {
  return text.replace(EMAIL, "[email]").replace(PHONE, "[phone]").replace(CODE, "[code]");
}

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
// route; an error object seen before is not reported again.
const reported = new WeakSet<object>();

export type ErrorContext = { requestId?: string; route?: string; method?: string; audience?: string; businessId?: number; source?: string };

export function reportServerError(err: unknown, context: ErrorContext): boolean {
  if (err !== null && typeof err === "object") {
    if (reported.has(err)) return false;
    reported.add(err);
  }
  log.error({ ...context, err }, "unhandled error");
  return true;
}
