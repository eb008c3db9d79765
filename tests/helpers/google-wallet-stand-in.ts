import { createVerify, type KeyObject } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for the Google Wallet REST API (walletobjects/v1): loyalty classes and objects
// kept in memory, PATCH on an unknown object answers 404 like Google, and every request must carry
// a service-account bearer JWT that verifies with the given public key. Records every request.

export type GoogleRequest = { method: string; path: string; body: Record<string, unknown>; authorized: boolean; scope?: string };

export type GoogleWalletStandIn = {
  url: string;
  requests: GoogleRequest[];
  classes: Map<string, Record<string, unknown>>;
  objects: Map<string, Record<string, unknown>>;
  /** Answer the next n requests with this status (e.g. 503) before behaving normally again. */
  failNext(n: number, status: number): void;
  close(): Promise<void>;
};

function verifyBearer(header: string | undefined, publicKey: KeyObject): { ok: boolean; scope?: string } {
  const jwt = header?.startsWith("Bearer ") ? header.slice(7) : "";
  const [h, p, s] = jwt.split(".");
  if (!h || !p || !s) return { ok: false };
  const verifier = createVerify("RSA-SHA256");
  verifier.update(`${h}.${p}`);
  if (!verifier.verify(publicKey, Buffer.from(s, "base64url"))) return { ok: false };
  const claims = JSON.parse(Buffer.from(p, "base64url").toString("utf8")) as { exp?: number; scope?: string };
  return { ok: typeof claims.exp === "number" && claims.exp * 1000 > Date.now(), scope: claims.scope };
}

export async function startGoogleWalletStandIn(opts: { publicKey: KeyObject }): Promise<GoogleWalletStandIn> {
  const requests: GoogleRequest[] = [];
  const classes = new Map<string, Record<string, unknown>>();
  const objects = new Map<string, Record<string, unknown>>();
  let failing = { n: 0, status: 503 };

  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (raw += c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      const auth = verifyBearer(req.headers.authorization, opts.publicKey);
      const authorized = auth.ok && auth.scope === "https://www.googleapis.com/auth/wallet_object.issuer";
      requests.push({ method: req.method ?? "", path: url.pathname, body, authorized, scope: auth.scope });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(json));
      };
      if (!authorized) return send(401, { error: { code: 401, message: "Request had invalid authentication credentials." } });
      if (failing.n > 0) {
        failing = { ...failing, n: failing.n - 1 };
        return send(failing.status, { error: { code: failing.status, message: "stand-in failure" } });
      }
      const m = /^\/walletobjects\/v1\/(loyaltyClass|loyaltyObject)(?:\/([^/]+))?$/.exec(url.pathname);
      if (!m) return send(404, { error: { code: 404, message: "Not found" } });
      const store = m[1] === "loyaltyClass" ? classes : objects;
      const id = m[2] ? decodeURIComponent(m[2]) : String(body.id ?? "");
      if (req.method === "POST" && !m[2]) {
        if (store.has(id)) return send(409, { error: { code: 409, message: "Resource already exists" } });
        store.set(id, body);
        return send(200, body);
      }
      if (req.method === "PATCH" && m[2]) {
        const existing = store.get(id);
        if (!existing) return send(404, { error: { code: 404, message: `Resource not found: ${id}` } });
        const merged = { ...existing, ...body };
        store.set(id, merged);
        return send(200, merged);
      }
      if (req.method === "GET" && m[2]) return store.has(id) ? send(200, store.get(id)) : send(404, { error: { code: 404 } });
      return send(405, { error: { code: 405 } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    classes,
    objects,
    failNext: (n, status) => (failing = { n, status }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
