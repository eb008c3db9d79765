import "server-only";
import http2 from "node:http2";
import tls from "node:tls";
import type { AppleWalletConfig } from "@/lib/wallet/wallet-config";
import { classifyApnsConnectionError, classifyApnsResponse, type ApnsOutcome } from "@/lib/wallet/push/classify-apns-response";

// Apple's pass update notification: an empty JSON push to each device token over HTTP/2, signed in
// with the pass type certificate as the TLS client certificate, topic = pass type identifier. One
// session multiplexes every batch; a window keeps the streams in flight under APNs' limit.

export type ApnsResult = { token: string; outcome: ApnsOutcome; status?: number; reason?: string };

const IN_FLIGHT = 500; // APNs advertises up to 1,000 concurrent streams per connection
const REQUEST_TIMEOUT_MS = 10_000;

function pushOne(session: http2.ClientHttp2Session, topic: string, token: string): Promise<ApnsResult> {
  return new Promise((resolve) => {
    let status: number | undefined;
    let body = "";
    let settled = false;
    const done = (r: ApnsResult) => {
      if (!settled) {
        settled = true;
        resolve(r);
      }
    };
    try {
      const req = session.request({
        ":method": "POST",
        ":path": `/3/device/${encodeURIComponent(token)}`,
        "apns-topic": topic,
        "content-type": "application/json",
      });
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.close(http2.constants.NGHTTP2_CANCEL));
      req.setEncoding("utf8");
      req.on("response", (headers) => (status = Number(headers[":status"])));
      req.on("data", (chunk: string) => (body += chunk.length < 4096 ? chunk : ""));
      req.on("end", () => {
        let reason: string | undefined;
        try {
          reason = body ? (JSON.parse(body) as { reason?: string }).reason : undefined;
        } catch {
          reason = undefined;
        }
        done({ token, outcome: classifyApnsResponse(status, reason), status, reason });
      });
      req.on("close", () => done({ token, outcome: status === undefined ? "retry" : classifyApnsResponse(status, undefined), status, reason: status === undefined ? "stream closed" : undefined }));
      req.on("error", (e: NodeJS.ErrnoException) => done({ token, outcome: classifyApnsConnectionError(e.message, e.code), reason: e.message }));
      req.end("{}");
    } catch (e) {
      done({ token, outcome: "retry", reason: e instanceof Error ? e.message : String(e) });
    }
  });
}

type Endpoint = { url: string; extraCaPem?: string };
type Shared = { key: string; session: http2.ClientHttp2Session; users: number; idle?: NodeJS.Timeout };

const IDLE_CLOSE_MS = 30_000;
let shared: Shared | null = null;
let contextCache: { key: string; context: tls.SecureContext } | null = null;

/** Parsing the certificate, key and CA list costs tens of ms: done once per configuration. */
function secureContext(config: AppleWalletConfig, endpoint: Endpoint, key: string): tls.SecureContext {
  if (contextCache?.key === key) return contextCache.context;
  const context = tls.createSecureContext({
    cert: config.certificatePem,
    key: config.privateKeyPem,
    passphrase: config.keyPassphrase,
    ...(endpoint.extraCaPem ? { ca: [...tls.rootCertificates, endpoint.extraCaPem] } : {}),
  });
  contextCache = { key, context };
  return context;
}

/** One HTTP/2 connection to APNs, kept open between batches (Apple asks senders to reuse
 *  connections) and closed after a quiet spell; it never keeps the process alive while idle. */
function acquireSession(config: AppleWalletConfig, endpoint: Endpoint): Shared {
  const key = [endpoint.url, endpoint.extraCaPem ?? "", config.certificatePem, config.privateKeyPem, config.keyPassphrase ?? ""].join("\n");
  if (shared && shared.key === key && !shared.session.closed && !shared.session.destroyed) {
    clearTimeout(shared.idle);
    shared.users++;
    shared.session.ref();
    return shared;
  }
  if (shared && shared.users === 0) shared.session.close();
  const session = http2.connect(endpoint.url, { secureContext: secureContext(config, endpoint, key) });
  const entry: Shared = { key, session, users: 1 };
  const forget = () => {
    if (shared === entry) shared = null;
  };
  session.on("error", forget); // each open stream then fails with its own error
  session.on("goaway", forget);
  session.on("close", forget);
  shared = entry;
  return entry;
}

function releaseSession(entry: Shared) {
  entry.users--;
  if (entry.users > 0) return;
  if (shared !== entry) {
    entry.session.close();
    return;
  }
  entry.session.unref();
  entry.idle = setTimeout(() => entry.session.close(), IDLE_CLOSE_MS);
  entry.idle.unref();
}

/** Sends one empty push per token over the shared HTTP/2 session. Never throws: connection trouble
 *  comes back as "retry" for the tokens it hit. */
export async function sendApnsPushes(config: AppleWalletConfig, endpoint: Endpoint, tokens: string[]): Promise<ApnsResult[]> {
  if (tokens.length === 0) return [];
  let entry: Shared;
  try {
    entry = acquireSession(config, endpoint);
  } catch (e) {
    // createSecureContext refuses the certificate or key: nothing was sent
    const reason = e instanceof Error ? e.message : String(e);
    const outcome = classifyApnsConnectionError(reason, (e as NodeJS.ErrnoException).code);
    return tokens.map((token) => ({ token, outcome, reason }));
  }
  let sessionError: { message: string; code?: string } | undefined;
  const onError = (e: NodeJS.ErrnoException) => (sessionError = { message: e.message, code: e.code });
  entry.session.on("error", onError);
  try {
    const results: ApnsResult[] = new Array(tokens.length);
    let next = 0;
    const worker = async () => {
      while (next < tokens.length) {
        const i = next++;
        const r = await pushOne(entry.session, config.passTypeIdentifier, tokens[i]);
        // no HTTP answer: the session's error (a refused certificate...) says what it was
        results[i] = !r.status && sessionError ? { ...r, reason: sessionError.message, outcome: classifyApnsConnectionError(sessionError.message, sessionError.code) } : r;
      }
    };
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, tokens.length) }, worker));
    return results;
  } finally {
    entry.session.off("error", onError);
    releaseSession(entry);
  }
}
