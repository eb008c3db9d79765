import "server-only";
import { createHash } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { ApiError, badRequest, conflict, toApiError } from "@/lib/errors/api-error";
import type { ApiKeyPrincipal } from "@/lib/api-keys/resolve-api-key";

// Idempotency-Key for every /api/v1 write (issue 27): a till that retries never records twice.
// Rules:
// - The key is required on writes, unique per business, kept 7 days (the webhook cron purges older ones).
// - The request hash covers method, path and the parsed body: the same key with a different
//   request is 422 and nothing is written.
// - Phase 1 claims the key (a 'pending' row, one INSERT ... ON CONFLICT DO NOTHING, so of two
//   concurrent retries exactly one runs). Phase 2 runs the domain function, which owns its own
//   database transaction (lib/transactions/record-transaction.ts). Phase 3 stores the answer; later
//   retries get it back byte for byte with `Idempotent-Replayed: true`.
// - A 4xx refusal wrote nothing: the claim is dropped, so the till may retry after fixing the cause.
// - A concurrent retry waits for the first to finish (up to WAIT_MS), then replays its answer.
// - A claim left pending by a crash: after STALE_MS, if the key's own transaction at the claim's
//   time exists, the retry is told so (409, never a second award); if not, the retry takes the claim
//   over (compare-and-swap on its time, so one retry only) and runs.

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const IDEMPOTENCY_MESSAGES = {
  missing: "Missing Idempotency-Key header: send a unique value (such as a UUID) with each new request, and the same value when you retry it",
  invalid: "Idempotency-Key must be 1 to 255 characters of letters, digits and - _ . :",
  mismatch: "This Idempotency-Key was already used for a different request",
  inProgress: "A request with this Idempotency-Key is still being processed: retry in a few seconds",
} as const;
const KEY_PATTERN = /^[A-Za-z0-9._:-]{1,255}$/;
const WAIT_MS = 8_000;
const STALE_MS = 60_000;
export const IDEMPOTENCY_RETENTION_DAYS = 7;

type Answer = { status: number; body: unknown };
type Row = { id: number; requestHash: string; status: string; responseStatus: number | null; responseBody: unknown; createdAt: Date };

/** Canonical JSON (keys sorted) so the same request always hashes the same. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`;
}

export const requestHash = (method: string, path: string, body: unknown) => createHash("sha256").update(`${method.toUpperCase()} ${path}\n${canonical(body)}`).digest("hex");

export function idempotencyKeyOf(req: Request): string {
  const key = req.headers.get(IDEMPOTENCY_HEADER)?.trim();
  if (!key) throw badRequest(IDEMPOTENCY_MESSAGES.missing);
  if (!KEY_PATTERN.test(key)) throw badRequest(IDEMPOTENCY_MESSAGES.invalid);
  return key;
}

const replay = (row: Row) => Response.json(row.responseBody, { status: row.responseStatus ?? 200, headers: { "Idempotent-Replayed": "true" } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function claim(p: ApiKeyPrincipal, key: string, hash: string, now: Date): Promise<boolean> {
  const rows = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO api_idempotency_keys ("businessId", key, "apiKeyId", "requestHash", status, "createdAt")
    VALUES (${p.businessId}, ${key}, ${p.apiKeyId}, ${hash}, 'pending', ${now})
    ON CONFLICT ("businessId", key) DO NOTHING RETURNING id`;
  return rows.length === 1;
}

const readClaim = async (businessId: number, key: string) =>
  (await db.$queryRaw<Row[]>`SELECT id, "requestHash", status, "responseStatus", "responseBody", "createdAt" FROM api_idempotency_keys WHERE "businessId" = ${businessId} AND key = ${key}`)[0];

/** A pending claim older than STALE_MS: did its run record anything? (The run stamps its rows with
 *  the claim's time and the key as actor.) If not, take it over with a new time, atomically. */
async function takeOverStale(p: ApiKeyPrincipal, row: Row, now: Date): Promise<"taken" | "recorded" | "lost"> {
  const recorded = await db.transaction.findFirst({ where: { businessId: p.businessId, actorType: "api_key", createdAt: row.createdAt }, select: { id: true } });
  if (recorded) return "recorded";
  const moved = await db.apiIdempotencyKey.updateMany({ where: { id: row.id, status: "pending", createdAt: row.createdAt }, data: { createdAt: now, apiKeyId: p.apiKeyId } });
  return moved.count === 1 ? "taken" : "lost";
}

/** Runs `work` at most once per (business, Idempotency-Key); `work` gets the time to stamp its rows with. */
export async function runIdempotent(p: ApiKeyPrincipal, req: Request, body: unknown, now: Date, work: (at: Date) => Promise<Answer>): Promise<Response> {
  const key = idempotencyKeyOf(req);
  const hash = requestHash(req.method, new URL(req.url).pathname, body);
  let at = now;
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (await claim(p, key, hash, at)) break;
    const row = await readClaim(p.businessId, key);
    if (!row) {
      if (Date.now() > deadline) throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
      continue; // the first attempt was refused and let go of the key: claim it now
    }
    if (row.requestHash !== hash) throw new ApiError("unprocessable", IDEMPOTENCY_MESSAGES.mismatch);
    if (row.status === "done") return replay(row);
    if (Date.now() - new Date(row.createdAt).getTime() > STALE_MS) {
      const outcome = await takeOverStale(p, row, new Date(Math.max(now.getTime(), new Date(row.createdAt).getTime() + 1)));
      if (outcome === "recorded") throw conflict("This request was already recorded, but its answer was lost: check the transaction list before retrying with a new key");
      if (outcome === "taken") {
        at = new Date(Math.max(now.getTime(), new Date(row.createdAt).getTime() + 1));
        break;
      }
      continue;
    }
    if (Date.now() > deadline) throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
    await sleep(100);
  }

  let answer: Answer;
  try {
    answer = await work(at);
  } catch (e) {
    // A refusal (4xx) wrote nothing: let the key go. Anything else may have written: keep the claim.
    if (toApiError(e).status < 500) await db.apiIdempotencyKey.deleteMany({ where: { businessId: p.businessId, key, status: "pending" } });
    throw e;
  }
  await db.apiIdempotencyKey.updateMany({
    where: { businessId: p.businessId, key },
    data: { status: "done", responseStatus: answer.status, responseBody: answer.body as Prisma.InputJsonValue, completedAt: new Date() },
  });
  return Response.json(answer.body, { status: answer.status });
}
