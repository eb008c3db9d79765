import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http2 from "node:http2";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";

// A local stand-in for Apple's push service (APNs) speaking its protocol: HTTP/2 over TLS, the
// client must present a certificate the server trusts (the pass type certificate), the topic must be
// the pass type identifier, POST /3/device/<token>. Records every push it accepts or refuses.

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

export type ApnsPush = { token: string; topic: string | undefined; clientSubject: string; body: string; status: number; receivedAt: number };

export type ApnsStandIn = {
  url: string;
  /** The stand-in's own certificate: the CA the client must trust (APPLE_APNS_CA_PEM). */
  caPem: string;
  pushes: ApnsPush[];
  /** Answer this token with a status (and APNs reason) instead of 200. */
  answer(token: string, status: number, reason?: string): void;
  /** Resolves when n pushes have been answered 200. */
  waitForSent(n: number, timeoutMs?: number): Promise<ApnsPush[]>;
  close(): Promise<void>;
};

export async function startApnsStandIn(opts: { topic: string; trustedClientCertPem: string }): Promise<ApnsStandIn> {
  const server = makeSelfSignedIdentity("/CN=apns-stand-in", "IP:127.0.0.1,DNS:localhost");
  const pushes: ApnsPush[] = [];
  const answers = new Map<string, { status: number; reason?: string }>();
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const sent = () => pushes.filter((p) => p.status === 200).length;

  const h2 = http2.createSecureServer({
    cert: server.certPem,
    key: server.keyPem,
    requestCert: true,
    rejectUnauthorized: true, // unknown client certificates never get past the handshake
    ca: [opts.trustedClientCertPem],
    settings: { maxConcurrentStreams: 1000 },
  });
  h2.on("stream", (stream, headers) => {
    let body = "";
    stream.setEncoding("utf8");
    stream.on("data", (c: string) => (body += c));
    stream.on("end", () => {
      const match = /^\/3\/device\/([^/?]+)$/.exec(String(headers[":path"]));
      const token = match ? decodeURIComponent(match[1]) : "";
      const topic = headers["apns-topic"] as string | undefined;
      const socket = stream.session?.socket as TLSSocket | undefined;
      const cn = socket?.getPeerCertificate()?.subject?.CN ?? "";
      const clientSubject = Array.isArray(cn) ? cn.join(",") : cn;
      let answer: { status: number; reason?: string } = { status: 200 };
      if (headers[":method"] !== "POST" || !match) answer = { status: 404, reason: "BadPath" };
      else if (topic !== opts.topic) answer = { status: 400, reason: topic ? "TopicDisallowed" : "MissingTopic" };
      else answer = answers.get(token) ?? answer;
      pushes.push({ token, topic, clientSubject, body, status: answer.status, receivedAt: performance.now() });
      if (answer.status === 200) {
        stream.respond({ ":status": 200, "apns-id": `${pushes.length}` });
        stream.end();
      } else {
        stream.respond({ ":status": answer.status, "content-type": "application/json" });
        stream.end(JSON.stringify({ reason: answer.reason ?? "BadRequest" }));
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
