import { ZodError } from "zod";
import { isDatabaseUnavailable } from "@/lib/errors/database-unavailable";

// The one error type the API throws, and the one place errors become HTTP responses.
// Body shape (every error): { "message": "...", "error": { "code": "...", "message": "..." } }
// `message` is what the UI shows; `error.message` is kept for the spec's callers that read it.
// A leaf (issue 21): domain code in every lib folder throws these, and the wrappers of lib/api
// turn them into responses; it imports nothing of ours but database-unavailable.

export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class ApiError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly extra?: Record<string, unknown>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
  get status(): number {
    return errorStatus[this.code];
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new ApiError("bad_request", message, extra);
export const unauthorized = (message = "Not authenticated") => new ApiError("unauthorized", message);
export const forbidden = (message = "You do not have access to this") => new ApiError("forbidden", message);
export const notFound = (message = "Not found") => new ApiError("not_found", message);
export const conflict = (message: string) => new ApiError("conflict", message);

/** First zod issue as a sentence a person can read: the spec's own messages live in the schemas. */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input";
  const field = issue.path.filter((p) => typeof p === "string" || typeof p === "number").join(".");
  // Our schemas carry the spec's messages; zod's defaults ("Invalid input: expected string,
  // received undefined") get the field name in front so the reader knows which one.
  const custom = issue.code === "custom" || !/^(Invalid|Too|Expected|Unrecognized)/.test(issue.message);
  return custom || !field ? issue.message : `${field}: ${issue.message}`;
}

export const DATABASE_UNAVAILABLE = "The service is temporarily unavailable. Please try again in a moment.";

type PrismaLikeError = { code?: string; meta?: Record<string, unknown>; name?: string };

export function toErrorResponse(error: unknown): Response {
  const api = toApiError(error);
  // A 500 is reported (once, with its request id) by the API wrapper that caught it: lib/log.ts.
  const body = { message: api.message, error: { code: api.code, message: api.message }, ...(api.extra ?? {}) };
  return Response.json(body, { status: api.status, headers: api.headers });
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // The client went away while its body was being read: nothing to log, nobody to answer.
  if (error instanceof Error && (error.message === "aborted" || (error as { code?: string }).code === "ECONNRESET")) {
    return new ApiError("bad_request", "The request was aborted");
  }
  if (error instanceof ZodError) return new ApiError("bad_request", zodMessage(error));
  const e = error as PrismaLikeError;
  if (e && typeof e === "object" && typeof e.code === "string") {
    if (e.code === "P2025") return notFound();
    if (e.code === "P2002") return conflict("A record with these details already exists");
    if (e.code === "P2003") return badRequest("A referenced record does not exist");
    if (e.code === "P2028") return new ApiError("service_unavailable", "The server is busy, please try again");
  }
  if (isDatabaseUnavailable(error)) return new ApiError("service_unavailable", DATABASE_UNAVAILABLE, undefined, { "Retry-After": "5" });
  return new ApiError("internal", "Something went wrong on our side. Please try again.");
}
