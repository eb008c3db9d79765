import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http2 from "node:http2";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";

// A local stand-in for Apple's push service (APNs) speaking its protocol: HTTP/2 over TLS, the
// client must present a certificate the server trusts (the pass type certificate), POST
// /3/device/<hex token>, apns-topic = the certificate's pass type = the token's, the apns-* headers
// and the payload checked as APNs checks them, each failure answered with Apple's status and reason
// (and any documented error on demand). Records every push it accepts or refuses.

export type TlsIdentity = { certPem: string; keyPem: string };

/** A self-signed certificate and key made with openssl (subject and optional subjectAltName). */
export function makeSelfSignedIdentity(subject: string, subjectAltName?: string): TlsIdentity {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tls-identity-"));
  try {
    const keyFile = path.join(dir, "key.pem");
    const certFile = path.join(dir, "cert.pem");
    const ext = subjectAltName ? ["-addext", `subjectAltName=${subjectAltName}`] : [];
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", subject, ...ext, "-keyout", keyFile, "-out", certFile], { stdio: "pipe" });
    return { certPem: fs.readFileSync(certFile, "utf8"), keyPem: fs.readFileSync(keyFile, "utf8") };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Apple's table of APNs errors ("Handling notification responses from APNs"): every one the
 *  stand-in can be told to answer. */
export const APNS_DOCUMENTED_ERRORS: ReadonlyArray<readonly [number, string]> = [
  [400, "BadCollapseId"],
  [400, "BadDeviceToken"],
  [400, "BadExpirationDate"],
  [400, "BadMessageId"],
  [400, "BadPriority"],
  [400, "BadTopic"],
  [400, "DeviceTokenNotForTopic"],
  [400, "DuplicateHeaders"],
  [400, "IdleTimeout"],
  [400, "InvalidPushType"],
  [400, "MissingDeviceToken"],
  [400, "MissingTopic"],
  [400, "PayloadEmpty"],
  [400, "TopicDisallowed"],
  [403, "BadCertificate"],
  [403, "BadCertificateEnvironment"],
  [403, "ExpiredProviderToken"],
  [403, "Forbidden"],
  [403, "InvalidProviderToken"],
  [403, "MissingProviderToken"],
  [403, "UnrelatedKeyIdInToken"],
  [403, "BadEnvironmentKeyInToken"],
  [404, "BadPath"],
  [405, "MethodNotAllowed"],
  [410, "ExpiredToken"],
  [410, "Unregistered"],
  [413, "PayloadTooLarge"],
  [429, "TooManyProviderTokenUpdates"],
  [429, "TooManyRequests"],
  [500, "InternalServerError"],
  [503, "ServiceUnavailable"],
  [503, "Shutdown"],
];

export type ApnsPush = { token: string; topic: string | undefined; headers: Record<string, string>; clientSubject: string; body: string; status: number; reason?: string; receivedAt: number };

export type ApnsStandIn = {
  url: string;
  /** The stand-in's own certificate: the CA the client must trust (APPLE_APNS_CA_PEM). */
  caPem: string;
  pushes: ApnsPush[];
  /** Answer this token with a status (and APNs reason) instead of 200. */
  answer(token: string, status: number, reason?: string): void;
  /** Answer every push with this status and reason (null: behave normally again). */
  answerAll(answer: { status: number; reason: string } | null): void;
  /** A token that belongs to another app or pass type: DeviceTokenNotForTopic. */
  foreignToken(token: string): void;
  /** Resolves when n pushes have been answered 200. */
  waitForSent(n: number, timeoutMs?: number): Promise<ApnsPush[]>;
  close(): Promise<void>;
};

const PUSH_TYPES = new Set(["alert", "background", "location", "voip", "complication", "fileprovider", "mdm", "liveactivity", "pushtotalk", "widgets", "controls"]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The checks APNs makes of a request, in its order: path, token, method, topic against the client
 *  certificate and the token, the apns-* headers, the payload. */
function checkRequest(h: http2.IncomingHttpHeaders, body: string, certTopic: string, tokenTopic: (token: string) => string): { status: number; reason?: string; token: string } {
  const match = /^\/3\/device\/([^/?]*)$/.exec(String(h[":path"]));
  if (!match) return { status: 404, reason: "BadPath", token: "" };
  const token = decodeURIComponent(match[1]);
  if (h[":method"] !== "POST") return { status: 405, reason: "MethodNotAllowed", token };
  if (!token) return { status: 400, reason: "MissingDeviceToken", token };
  if (!/^[0-9a-fA-F]{64,200}$/.test(token)) return { status: 400, reason: "BadDeviceToken", token };
  const topic = h["apns-topic"] as string | undefined;
  if (!topic) return { status: 400, reason: "MissingTopic", token };
  if (topic !== certTopic) return { status: 400, reason: "TopicDisallowed", token };
  if (tokenTopic(token) !== topic) return { status: 400, reason: "DeviceTokenNotForTopic", token };
  const pushType = h["apns-push-type"] as string | undefined;
  if (pushType !== undefined && !PUSH_TYPES.has(pushType)) return { status: 400, reason: "InvalidPushType", token };
  const priority = h["apns-priority"] as string | undefined;
  if (priority !== undefined && !["1", "5", "10"].includes(priority)) return { status: 400, reason: "BadPriority", token };
  const expiration = h["apns-expiration"] as string | undefined;
  if (expiration !== undefined && !/^\d+$/.test(expiration)) return { status: 400, reason: "BadExpirationDate", token };
  const id = h["apns-id"] as string | undefined;
  if (id !== undefined && !UUID.test(id)) return { status: 400, reason: "BadMessageId", token };
  const collapse = h["apns-collapse-id"] as string | undefined;
  if (collapse !== undefined && Buffer.byteLength(collapse) > 64) return { status: 400, reason: "BadCollapseId", token };
  if (!body) return { status: 400, reason: "PayloadEmpty", token };
  if (Buffer.byteLength(body) > 4096) return { status: 413, reason: "PayloadTooLarge", token };
  return { status: 200, token };
}

/** A pass type certificate's topic: its subject's UID, else "Pass Type ID: <topic>" in the CN. */
function topicOfCertificate(subject: { UID?: string | string[]; CN?: string | string[] } | undefined): string {
  const uid = Array.isArray(subject?.UID) ? subject?.UID[0] : subject?.UID;
  if (uid) return uid;
  const cn = Array.isArray(subject?.CN) ? subject?.CN.join(",") : (subject?.CN ?? "");
  return cn.replace(/^Pass Type ID: /, "");
}

/** opts.topic: the pass type the devices' tokens were issued for. The client certificate's own
 *  topic (its subject) must match the apns-topic header, and the header the token's topic. */
export async function startApnsStandIn(opts: { topic: string; trustedClientCertPem: string; onPush?: (push: ApnsPush) => void }): Promise<ApnsStandIn> {
  const server = makeSelfSignedIdentity("/CN=apns-stand-in", "IP:127.0.0.1,DNS:localhost");
  const pushes: ApnsPush[] = [];
  const answers = new Map<string, { status: number; reason?: string }>();
  const foreign = new Set<string>();
  let answerAll: { status: number; reason: string } | null = null;
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const sent = () => pushes.filter((p) => p.status === 200).length;

  const h2 = http2.createSecureServer({
    cert: server.certPem,
    key: server.keyPem,
    requestCert: true,
    // A certificate APNs does not accept is answered 403 BadCertificate on each request, as Apple
    // documents (Node's own rejection would just drop the connection without a word).
    rejectUnauthorized: false,
    ca: [opts.trustedClientCertPem],
    settings: { maxConcurrentStreams: 1000 },
  });
  h2.on("stream", (stream, headers) => {
    let body = "";
    stream.setEncoding("utf8");
    stream.on("data", (c: string) => (body += c));
    stream.on("end", () => {
      const socket = stream.session?.socket as TLSSocket | undefined;
      const subject = socket?.getPeerCertificate()?.subject as { UID?: string; CN?: string } | undefined;
      const cn = subject?.CN ?? "";
      const clientSubject = Array.isArray(cn) ? cn.join(",") : cn;
      const checked = socket?.authorized
        ? checkRequest(headers, body, topicOfCertificate(subject), (t) => (foreign.has(t) ? "another.topic" : opts.topic))
        : { status: 403, reason: "BadCertificate", token: /^\/3\/device\/([^/?]*)$/.exec(String(headers[":path"]))?.[1] ?? "" };
      const answer = checked.status !== 200 ? checked : (answerAll ?? answers.get(checked.token) ?? checked);
      const plain: Record<string, string> = {};
      for (const [k, v] of Object.entries(headers)) if (!k.startsWith(":") && typeof v === "string") plain[k] = v;
      const push: ApnsPush = { token: checked.token, topic: headers["apns-topic"] as string | undefined, headers: plain, clientSubject, body, status: answer.status, reason: answer.reason, receivedAt: performance.now() };
      pushes.push(push);
      opts.onPush?.(push);
      const apnsId = (headers["apns-id"] as string | undefined) ?? randomUUID();
      if (answer.status === 200) {
        stream.respond({ ":status": 200, "apns-id": apnsId });
        stream.end();
      } else {
        stream.respond({ ":status": answer.status, "apns-id": apnsId, "content-type": "application/json" });
        stream.end(JSON.stringify(answer.status === 410 ? { reason: answer.reason ?? "Unregistered", timestamp: Date.now() } : { reason: answer.reason ?? "BadRequest" }));
      }
      for (const w of [...waiters]) {
        if (sent() >= w.n) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      }
    });
  });
  h2.on("sessionError", () => undefined);
  const sessions = new Set<http2.ServerHttp2Session>();
  h2.on("session", (s) => {
    sessions.add(s);
    s.on("close", () => sessions.delete(s));
  });
  await new Promise<void>((resolve) => h2.listen(0, "127.0.0.1", resolve));
  const port = (h2.address() as AddressInfo).port;

  return {
    url: `https://127.0.0.1:${port}`,
    caPem: server.certPem,
    pushes,
    answer: (token, status, reason) => answers.set(token, { status, reason }),
    answerAll: (a) => (answerAll = a),
    foreignToken: (token) => foreign.add(token),
    waitForSent(n, timeoutMs = 20_000) {
      if (sent() >= n) return Promise.resolve(pushes.filter((p) => p.status === 200));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`APNs stand-in: ${sent()} of ${n} pushes after ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve(pushes.filter((p) => p.status === 200));
          },
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        h2.close(() => resolve());
        for (const s of sessions) s.destroy(); // close() would wait for them
      }),
  };
}
