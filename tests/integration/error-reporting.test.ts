/**
 * @jest-environment node
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// globalsCleanup off: Sentry and OpenTelemetry keep objects on globalThis that they touch again at
// exit, and jest's soft delete of those recurses forever (jest-util deleteProperty).
import http from "node:http";
import https from "node:https";
import { gunzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { publicRoute } from "@/lib/api/route";
import { setErrorReporter } from "@/lib/log";
import { startErrorReporting } from "@/lib/observability/sentry-server";
import { onRequestError } from "@/instrumentation";
import { call } from "../helpers/http";
import { captureLogs } from "../helpers/capture-logs";

// Issue 22 item 4: every 500 is reported once with its request id: to Sentry when SENTRY_DSN is set,
// to the log otherwise. Sentry's side is a local stand-in ingest server speaking its protocol
// (envelopes POSTed to /api/<project>/envelope/), so the real SDK, transport and options run.

type Envelope = { path: string; raw: string; items: { header: Record<string, unknown>; payload: Record<string, unknown> }[] };

/** A stand-in for Sentry's ingest: keeps every envelope it is sent. */
async function standInIngest() {
  const envelopes: Envelope[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body = Buffer.concat(chunks);
      if (req.headers["content-encoding"] === "gzip") body = gunzipSync(body);
      const raw = body.toString("utf8");
      const lines = raw.split("\n").filter(Boolean);
      const items: Envelope["items"] = [];
      for (let i = 1; i + 1 < lines.length; i += 2) items.push({ header: JSON.parse(lines[i]), payload: JSON.parse(lines[i + 1]) });
      envelopes.push({ path: req.url ?? "", raw, items });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const events = () => envelopes.flatMap((e) => e.items.filter((i) => i.header.type === "event").map((i) => i.payload));
  return { port, envelopes, events, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** What an envelope says besides the stack frames (whose source lines show this file's test data). */
const withoutFrames = (e: Envelope) => JSON.stringify(e.items.map((i) => i.payload), (k, v: unknown) => (k === "stacktrace" ? undefined : v));

const failing = publicRoute({}, () => {
  throw new Error("lookup failed for jo@example.com on 07700 900123 with code 123456");
});

let ingest: Awaited<ReturnType<typeof standInIngest>>;
const saved = { ...process.env };

beforeAll(async () => {
  ingest = await standInIngest();
  process.env.NEXT_RUNTIME = "nodejs"; // as in `next start`; the hooks do nothing in the edge runtime
});

afterAll(async () => {
  setErrorReporter(null);
  const Sentry = await import("@sentry/nextjs");
  await Sentry.close(2000);
  await ingest.close();
  process.env = saved;
});

describe("without SENTRY_DSN", () => {
  it("nothing starts, nothing is sent anywhere, and the 500 is one log line", async () => {
    delete process.env.SENTRY_DSN;
    const requests = [jest.spyOn(http, "request"), jest.spyOn(https, "request"), jest.spyOn(globalThis, "fetch")];
    try {
      expect(await startErrorReporting()).toBe(false);
      const { result, lines } = await captureLogs(() => call(failing, { path: "/api/boom" }));
      expect(result.status).toBe(500);
      const errors = lines.filter((l) => l.msg === "unhandled error");
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ requestId: result.headers.get("x-request-id") });
      expect(errors[0]).not.toHaveProperty("reportedTo");
      for (const spy of requests) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of requests) spy.mockRestore();
    }
    expect(ingest.envelopes).toHaveLength(0);
  });
});

describe("with SENTRY_DSN (a local stand-in for Sentry)", () => {
  let Sentry: typeof import("@sentry/nextjs");

  beforeAll(async () => {
    process.env.SENTRY_DSN = `http://publickey0123@127.0.0.1:${ingest.port}/42`;
    process.env.SENTRY_ENVIRONMENT = "test";
    expect(await startErrorReporting()).toBe(true);
    Sentry = await import("@sentry/nextjs");
  });

  beforeEach(() => {
    ingest.envelopes.length = 0;
  });

  it("a 500 from an API route is one event, tagged with its request id, without personal data", async () => {
    const { result, lines } = await captureLogs(() => call(failing, { path: "/api/boom", headers: { "x-request-id": "api-req-0123456789", cookie: "next-auth.session-token=secret-session" } }));
    expect(result.status).toBe(500);
    await Sentry.flush(5000);

    const events = ingest.events();
    expect(events).toHaveLength(1);
    expect(ingest.envelopes[0].path).toMatch(/^\/api\/42\/envelope\//);
    const event = events[0] as { tags?: Record<string, string>; exception?: { values?: { value?: string }[] }; environment?: string };
    expect(event.tags).toMatchObject({ request_id: "api-req-0123456789", route: "/api/boom", source: "api", audience: "public" });
    expect(event.exception?.values?.[0]?.value).toBe("lookup failed for [email] on [phone] with code [code]");
    expect(event.environment).toBe("test");
    expect(withoutFrames(ingest.envelopes[0])).not.toMatch(/jo@example\.com|07700 900123|\b123456\b|secret-session/);
    // the log line is still written, and says where the error went
    expect(lines.filter((l) => l.msg === "unhandled error")).toEqual([expect.objectContaining({ requestId: "api-req-0123456789", reportedTo: "sentry" })]);
  });

  it("two requests failing the same way are two events (each 500 is reported)", async () => {
    await captureLogs(async () => {
      await call(failing, { path: "/api/boom", headers: { "x-request-id": "api-req-aaaaaaaa01" } });
      await call(failing, { path: "/api/boom", headers: { "x-request-id": "api-req-aaaaaaaa02" } });
    });
    await Sentry.flush(5000);
    const ids = ingest.events().map((e) => (e.tags as Record<string, string>).request_id);
    expect(ids.sort()).toEqual(["api-req-aaaaaaaa01", "api-req-aaaaaaaa02"]);
  });

  it("an error escaping a page reaches Sentry once through onRequestError, with the request id and the router context", async () => {
    const err = Object.assign(new Error("render failed for 07700 900123"), { digest: "123abc" });
    const request = { path: "/dashboard?email=jo@example.com", method: "GET", headers: { "x-request-id": "page-req-0123456789", cookie: "next-auth.session-token=secret-session", authorization: "Bearer secret-token" } };
    const context = { routerKind: "App Router", routePath: "/(business)/dashboard", routeType: "render", renderSource: "react-server-components", revalidateReason: undefined } as const;
    await captureLogs(async () => {
      await onRequestError(err, request, context);
      await onRequestError(err, request, context); // the same error seen again (e.g. by another boundary)
    });
    await Sentry.flush(5000);

    const events = ingest.events();
    expect(events).toHaveLength(1);
    const event = events[0] as { tags?: Record<string, string>; contexts?: { nextjs?: Record<string, string> }; exception?: { values?: { value?: string; mechanism?: { handled?: boolean } }[] } };
    expect(event.tags).toMatchObject({ request_id: "page-req-0123456789", route: "/(business)/dashboard", source: "App Router:render" });
    expect(event.contexts?.nextjs).toMatchObject({ router_path: "/(business)/dashboard", route_type: "render", request_path: "/dashboard?email=[filtered]" });
    expect(event.exception?.values?.[0]).toMatchObject({ value: "render failed for [phone]", mechanism: { handled: false } });
    expect(ingest.envelopes.map(withoutFrames).join("")).not.toMatch(/jo@example\.com|07700 900123|secret-session|secret-token/);
  });

  // Review of issue 22: the pages opened from emailed links carry one-time credentials in their URL
  // (the portal's ?access=, a reset link's ?token=, /confirm-membership/<token>), and a search's
  // query carries what was typed (a customer's name). None of it may reach Sentry.
  it.each([
    ["/customer-portal?access=Q2hhbmdlTWVQb3J0YWxUb2tlbjAxMjM0NTY3ODkwYWJjZA", /Q2hhbmdlTWVQb3J0YWxUb2tlbjAxMjM0NTY3ODkwYWJjZA/],
    ["/reset-password?token=UmVzZXRUb2tlblNlY3JldDAxMjM0NTY3ODlhYmNkZWZnaA&business=7", /UmVzZXRUb2tlblNlY3JldDAxMjM0NTY3ODlhYmNkZWZnaA/],
    ["/confirm-membership/Y29uZmlybVRva2VuMDEyMzQ1Njc4OWFi", /Y29uZmlybVRva2VuMDEyMzQ1Njc4OWFi/],
    ["/customers?q=Winifred%20Featherstonehaugh", /Winifred|Featherstonehaugh/],
  ])("an error on %s reaches Sentry without the link's credential or the search text", async (path, secret) => {
    const err = new Error("page failed");
    const request = { path, method: "GET", headers: { "x-request-id": "page-req-tokens0001" } };
    const context = { routerKind: "App Router", routePath: "/(portal)/page", routeType: "render", renderSource: "react-server-components", revalidateReason: undefined } as const;
    await captureLogs(async () => {
      await onRequestError(err, request, context);
    });
    await Sentry.flush(5000);
    expect(ingest.events()).toHaveLength(1);
    expect(ingest.envelopes.map(withoutFrames).join("")).not.toMatch(secret);
  });
});
