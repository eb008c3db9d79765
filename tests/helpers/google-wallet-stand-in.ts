import { createVerify, type KeyObject } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for the Google Wallet REST API (walletobjects/v1), parsing requests as Google
// does: loyalty classes and objects kept in memory, PATCH of an unknown object 404, insert of an
// existing one 409; every request needs a service-account bearer JWT (RS256, header kid = the key's
// id, iss = sub = the account, the wallet_object.issuer scope, at most an hour long) that verifies
// with the account's public key, else 401; bodies are read like proto JSON: an unknown field or an
// enum value outside Google's list is 400 INVALID_ARGUMENT. Any documented error can be answered on
// demand. Records every request.

export type GoogleRequest = { method: string; path: string; body: Record<string, unknown>; authorized: boolean; scope?: string; kid?: string; status: number };

export type GoogleWalletStandIn = {
  url: string;
  requests: GoogleRequest[];
  classes: Map<string, Record<string, unknown>>;
  objects: Map<string, Record<string, unknown>>;
  /** Answer the next n requests with this status (Google's own status name and message), with an
   *  optional Retry-After in seconds, before behaving normally again. */
  failNext(n: number, status: number, opts?: { retryAfterSeconds?: number }): void;
  close(): Promise<void>;
};

const SCOPE = "https://www.googleapis.com/auth/wallet_object.issuer";
const STATUS_NAME: Record<number, string> = { 400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND", 409: "ALREADY_EXISTS", 429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 503: "UNAVAILABLE" };
/** Google's documented errors for walletobjects. */
export const GOOGLE_DOCUMENTED_ERRORS = Object.keys(STATUS_NAME).map(Number);

// The enums the loyalty resources use (Google accepts the lower-case aliases it documents for state).
const ENUMS: Record<string, { field: string; type: string; values: string[] }> = {
  notifyPreference: { field: "notify_preference", type: "NotificationSettingsForUpdates", values: ["NOTIFICATION_SETTINGS_FOR_UPDATES_UNSPECIFIED", "NOTIFY_ON_UPDATE"] },
  state: { field: "state", type: "State", values: ["STATE_UNSPECIFIED", "ACTIVE", "active", "COMPLETED", "completed", "EXPIRED", "expired", "INACTIVE", "inactive"] },
  reviewStatus: { field: "review_status", type: "ReviewStatus", values: ["REVIEW_STATUS_UNSPECIFIED", "UNDER_REVIEW", "underReview", "APPROVED", "approved", "REJECTED", "rejected", "DRAFT", "draft"] },
};
const BARCODE_TYPES = ["BARCODE_TYPE_UNSPECIFIED", "AZTEC", "CODE_39", "CODE_128", "CODABAR", "DATA_MATRIX", "EAN_8", "EAN_13", "ITF_14", "PDF_417", "QR_CODE", "UPC_A", "TEXT_ONLY"];
const FIELDS: Record<"loyaltyClass" | "loyaltyObject", string[]> = {
  loyaltyClass: ["id", "issuerName", "programName", "programLogo", "hexBackgroundColor", "reviewStatus", "localizedIssuerName", "localizedProgramName", "callbackOptions", "version", "kind"],
  loyaltyObject: ["id", "classId", "state", "accountId", "accountName", "loyaltyPoints", "secondaryLoyaltyPoints", "barcode", "notifyPreference", "version", "textModulesData", "linksModuleData", "kind"],
};

type Claims = { iss?: string; sub?: string; scope?: string; iat?: number; exp?: number };

function verifyBearer(header: string | undefined, publicKey: KeyObject, account: { email: string; keyId: string }): { ok: boolean; scope?: string; kid?: string; why?: string } {
  const jwt = header?.startsWith("Bearer ") ? header.slice(7) : "";
  const [h, p, s] = jwt.split(".");
  if (!h || !p || !s) return { ok: false, why: "no bearer JWT" };
  const head = JSON.parse(Buffer.from(h, "base64url").toString("utf8")) as { alg?: string; typ?: string; kid?: string };
  if (head.alg !== "RS256") return { ok: false, why: "alg", kid: head.kid };
  if (head.kid !== account.keyId) return { ok: false, why: `kid ${head.kid ?? "missing"}`, kid: head.kid };
  const verifier = createVerify("RSA-SHA256");
  verifier.update(`${h}.${p}`);
  if (!verifier.verify(publicKey, Buffer.from(s, "base64url"))) return { ok: false, why: "signature", kid: head.kid };
  const claims = JSON.parse(Buffer.from(p, "base64url").toString("utf8")) as Claims;
  const now = Date.now() / 1000;
  const ok =
    claims.iss === account.email &&
    claims.sub === account.email &&
    typeof claims.iat === "number" &&
    typeof claims.exp === "number" &&
    claims.exp > now &&
    claims.iat <= now + 60 &&
    claims.exp - claims.iat <= 3600 &&
    (claims.scope ?? "").split(" ").includes(SCOPE);
  return { ok, scope: claims.scope, kid: head.kid, why: ok ? undefined : "claims" };
}

/** The first problem Google's proto JSON parser would report for this body, if any. */
function invalidArgument(resource: "loyaltyClass" | "loyaltyObject", body: Record<string, unknown>): string | null {
  for (const key of Object.keys(body)) {
    if (!FIELDS[resource].includes(key)) return `Invalid JSON payload received. Unknown name "${key}" at 'resource': Cannot find field.`;
  }
  for (const [key, e] of Object.entries(ENUMS)) {
    if (body[key] !== undefined && !e.values.includes(String(body[key]))) {
      return `Invalid value at 'resource.${e.field}' (type.googleapis.com/google.walletobjects.v1.${e.type}), "${String(body[key])}"`;
    }
  }
  const barcode = body.barcode as { type?: string } | undefined;
  if (barcode?.type !== undefined && !BARCODE_TYPES.includes(barcode.type)) return `Invalid value at 'resource.barcode.type' (type.googleapis.com/google.walletobjects.v1.BarcodeType), "${barcode.type}"`;
  const points = body.loyaltyPoints as { balance?: { int?: unknown } } | undefined;
  if (points?.balance?.int !== undefined && !Number.isInteger(points.balance.int)) return `Invalid value at 'resource.loyalty_points.balance.int' (TYPE_INT32), ${JSON.stringify(points.balance.int)}`;
  return null;
}

export async function startGoogleWalletStandIn(opts: { publicKey: KeyObject; clientEmail: string; keyId: string }): Promise<GoogleWalletStandIn> {
  const requests: GoogleRequest[] = [];
  const classes = new Map<string, Record<string, unknown>>();
  const objects = new Map<string, Record<string, unknown>>();
  let failing = { n: 0, status: 503, retryAfterSeconds: undefined as number | undefined };

  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (raw += c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const auth = verifyBearer(req.headers.authorization, opts.publicKey, { email: opts.clientEmail, keyId: opts.keyId });
      const entry: GoogleRequest = { method: req.method ?? "", path: url.pathname, body: {}, authorized: auth.ok, scope: auth.scope, kid: auth.kid, status: 0 };
      requests.push(entry);
      const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
        entry.status = status;
        res.writeHead(status, { "content-type": "application/json; charset=UTF-8", ...headers });
        res.end(JSON.stringify(json));
      };
      const error = (status: number, message: string, headers?: Record<string, string>) => send(status, { error: { code: status, message, status: STATUS_NAME[status] ?? "UNKNOWN" } }, headers);
      if (!auth.ok) return error(401, `Request had invalid authentication credentials (${auth.why}).`);
      if (failing.n > 0) {
        const { status, retryAfterSeconds } = failing;
        failing = { ...failing, n: failing.n - 1 };
        return error(status, "stand-in failure", retryAfterSeconds ? { "retry-after": String(retryAfterSeconds) } : undefined);
      }
      if (req.headers["content-type"]?.split(";")[0] !== "application/json") return error(400, "Invalid JSON payload received.");
      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return error(400, `Invalid JSON payload received. Unexpected token.`);
      }
      entry.body = body;
      const m = /^\/walletobjects\/v1\/(loyaltyClass|loyaltyObject)(?:\/([^/]+))?$/.exec(url.pathname);
      if (!m) return error(404, "Not found");
      const resource = m[1] as "loyaltyClass" | "loyaltyObject";
      const store = resource === "loyaltyClass" ? classes : objects;
      const id = m[2] ? decodeURIComponent(m[2]) : String(body.id ?? "");
      if (req.method === "GET" && m[2]) return store.has(id) ? send(200, store.get(id)) : error(404, `Resource not found: ${id}`);
      const invalid = invalidArgument(resource, body);
      if (invalid) return error(400, invalid);
      if (req.method === "POST" && !m[2]) {
        if (!id) return error(400, "Missing resource id.");
        if (store.has(id)) return error(409, `Resource already exists: ${id}`);
        store.set(id, body);
        return send(200, body);
      }
      if (req.method === "PATCH" && m[2]) {
        const existing = store.get(id);
        if (!existing) return error(404, `Resource not found: ${id}`);
        const merged = { ...existing, ...body };
        store.set(id, merged);
        return send(200, merged);
      }
      return error(404, "Not found");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    classes,
    objects,
    failNext: (n, status, o = {}) => (failing = { n, status, retryAfterSeconds: o.retryAfterSeconds }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
