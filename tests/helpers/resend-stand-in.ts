import { createHash, randomUUID } from "node:crypto";
import type http from "node:http";
import { serveJson, type JsonAnswer as Answer, type StandIn } from "./json-stand-in";

// A local stand-in for Resend's REST API (https://api.resend.com), for the real `resend` SDK pointed
// at it with RESEND_BASE_URL. It speaks the part we use, POST /emails, and refuses what Resend
// refuses, with Resend's error body ({ statusCode, name, message }):
//  - no `Authorization: Bearer ...` header: 401 missing_api_key; a key that is not the account's
//    (or not `re_...`): 403 invalid_api_key;
//  - a body that is not JSON: 400 validation_error; `from`, `to` or `subject` missing: 422
//    missing_required_field; `from` not `email@x.y` / `Name <email@x.y>`: 422 invalid_from_address;
//    a `to` address that is not one: 422 validation_error; no content (`html`, `text`): 422
//    validation_error; more than 50 recipients: 422 validation_error;
//  - Idempotency-Key: the same key with the same body answers the first response again without a
//    second email (Resend keeps keys 24 hours); with another body, 409 invalid_idempotent_request;
//  - any other path or method: 404 not_found / 405 method_not_allowed.
// failNext(n, status) answers the next n requests with Resend's error for that status (429, 500...).

export type ResendRequest = { method: string; path: string; authorization?: string; idempotencyKey?: string; body: Record<string, unknown> | null; status: number };
export type ResendEmail = { id: string; from: string; to: string[]; subject: string; html?: string; text?: string };

export type ResendStandIn = StandIn<ResendRequest> & {
  /** Emails Resend accepted (an idempotent replay adds none). */
  emails: ResendEmail[];
};

const ERRORS: Record<number, { name: string; message: string }> = {
  400: { name: "validation_error", message: "Invalid JSON body." },
  401: { name: "missing_api_key", message: "Missing API key in the authorization header. Include the following header Authorization: Bearer YOUR_API_KEY in the request." },
  403: { name: "invalid_api_key", message: "API key is invalid" },
  404: { name: "not_found", message: "The requested endpoint does not exist." },
  405: { name: "method_not_allowed", message: "Method is not allowed for the requested path." },
  409: { name: "invalid_idempotent_request", message: "Same idempotency key used with a different request payload." },
  422: { name: "validation_error", message: "The request body is missing one or more required fields." },
  429: { name: "rate_limit_exceeded", message: "Too many requests. Please limit the number of requests per second." },
  500: { name: "application_error", message: "An unexpected error occurred." },
};

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const FROM = /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

const error = (status: number, message?: string, name?: string): Answer => ({ status, body: { statusCode: status, name: name ?? ERRORS[status]?.name ?? "application_error", message: message ?? ERRORS[status]?.message ?? "Error" } });

function validate(body: Record<string, unknown>): Answer | null {
  for (const field of ["from", "to", "subject"]) {
    if (body[field] === undefined || body[field] === null || body[field] === "") return error(422, `Missing \`${field}\` field.`, "missing_required_field");
  }
  if (typeof body.from !== "string" || !FROM.test(body.from.trim())) {
    return error(422, "Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.", "invalid_from_address");
  }
  const to = Array.isArray(body.to) ? body.to : [body.to];
  if (to.length > 50) return error(422, "Too many recipients. The `to` field can have up to 50 addresses.");
  if (!to.every((t) => typeof t === "string" && EMAIL.test(t.trim()))) return error(422, "Invalid `to` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.");
  if (typeof body.subject !== "string") return error(422, "Invalid `subject` field.");
  if (typeof body.html !== "string" && typeof body.text !== "string" && body.react === undefined) return error(422, "Missing `html` or `text` field.");
  return null;
}

export async function startResendStandIn(opts: { apiKey: string }): Promise<ResendStandIn> {
  const requests: ResendRequest[] = [];
  const emails: ResendEmail[] = [];
  const idempotent = new Map<string, { hash: string; answer: Answer }>();
  let failures: { n: number; status: number } = { n: 0, status: 500 };

  const answer = (req: http.IncomingMessage, raw: string): { answer: Answer; body: Record<string, unknown> | null } => {
    const path = (req.url ?? "/").split("?")[0];
    let body: Record<string, unknown> | null = null;
    if (failures.n > 0) {
      failures.n--;
      return { answer: error(failures.status), body };
    }
    const auth = req.headers.authorization;
    if (!auth?.startsWith("Bearer ")) return { answer: error(401), body };
    const key = auth.slice(7);
    if (!key.startsWith("re_") || key !== opts.apiKey) return { answer: error(403), body };
    if (path !== "/emails") return { answer: error(404), body };
    if (req.method !== "POST") return { answer: error(405), body };
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
      if (!body || typeof body !== "object" || Array.isArray(body)) throw new Error("not an object");
    } catch {
      return { answer: error(400), body: null };
    }
    const key2 = req.headers["idempotency-key"];
    const idempotencyKey = typeof key2 === "string" ? key2 : undefined;
    const hash = createHash("sha256").update(raw).digest("hex");
    if (idempotencyKey) {
      if (idempotencyKey.length > 256) return { answer: error(422, "The idempotency key must be 1-256 characters."), body };
      const seen = idempotent.get(idempotencyKey);
      if (seen) return { answer: seen.hash === hash ? seen.answer : error(409), body };
    }
    const invalid = validate(body);
    if (invalid) return { answer: invalid, body };
    const id = randomUUID();
    const to = (Array.isArray(body.to) ? body.to : [body.to]) as string[];
    emails.push({ id, from: String(body.from), to, subject: String(body.subject), html: body.html as string | undefined, text: body.text as string | undefined });
    const ok: Answer = { status: 200, body: { id } };
    if (idempotencyKey) idempotent.set(idempotencyKey, { hash, answer: ok });
    return { answer: ok, body };
  };

  const server = await serveJson((req, raw) => {
    const { answer: a, body } = answer(req, raw);
    const key = req.headers["idempotency-key"];
    requests.push({ method: req.method ?? "", path: req.url ?? "", authorization: req.headers.authorization, idempotencyKey: typeof key === "string" ? key : undefined, body, status: a.status });
    return a;
  });
  return {
    url: server.url,
    requests,
    emails,
    failNext(n, status) {
      failures = { n, status };
    },
    close: server.close,
  };
}
