// One "app instance" for the security suite: a separate Node process that serves our real route
// handlers (app/api/**/route.ts) over HTTP against the database in DATABASE_URL. Two of these
// against one database behave like two serverless instances: nothing is shared but Postgres.
//
// Run: node --import tsx tests/security/support/instance-server.ts   (PORT=0 picks a free port;
// the process prints "LISTENING <port>" once it accepts connections).
//
// It also plays the part of the platform's proxy: like Vercel's edge it appends the peer address to
// X-Forwarded-For, so a client-supplied X-Forwarded-For arrives the way it would in production. A
// test may name the peer with x-test-peer (stripped here) to stand for different client machines.
import http from "node:http";
import { allowServerOnlyImports } from "../../../scripts/lib/allow-server-only";
import { routeFiles } from "./route-files";

type Handler = (req: unknown, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type RouteEntry = { file: string; pattern: RegExp; names: { name: string; rest: boolean }[]; weight: number };

/** Every app/api route file as a URL pattern; static segments win over dynamic ones. */
function routeTable(): RouteEntry[] {
  const out: RouteEntry[] = [];
  for (const { route, file } of routeFiles({ catchAll: true })) {
    const names: RouteEntry["names"] = [];
    let weight = 0;
    const re = ["api", ...route.split("/").filter(Boolean)].map((s) => {
      const rest = /^\[\.\.\.(.+)\]$/.exec(s);
      if (rest) {
        names.push({ name: rest[1], rest: true });
        weight += 100;
        return "(.+)";
      }
      const param = /^\[(.+)\]$/.exec(s);
      if (param) {
        names.push({ name: param[1], rest: false });
        weight += 1;
        return "([^/]+)";
      }
      return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    });
    out.push({ file, pattern: new RegExp(`^/${re.join("/")}/?$`), names, weight });
  }
  return out.sort((a, b) => a.weight - b.weight);
}

async function main() {
  allowServerOnlyImports();
  const { NextRequest } = await import("next/server");
  const routes = routeTable();
  const modules = new Map<string, Record<string, Handler>>();

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
      const route = routes.find((r) => r.pattern.test(url.pathname));
      if (!route) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ message: "Not found" }));
        return;
      }
      let mod = modules.get(route.file);
      if (!mod) {
        mod = (await import(route.file)) as Record<string, Handler>;
        modules.set(route.file, mod);
      }
      const method = (req.method ?? "GET").toUpperCase();
      const handler = mod[method];
      if (typeof handler !== "function") {
        res.writeHead(405).end();
        return;
      }
      const match = route.pattern.exec(url.pathname)!;
      const params: Record<string, string | string[]> = {};
      route.names.forEach((n, i) => {
        const raw = decodeURIComponent(match[i + 1]);
        params[n.name] = n.rest ? raw.split("/") : raw;
      });

      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (v === undefined || k === "x-test-peer") continue;
        headers.set(k, Array.isArray(v) ? v.join(", ") : v);
      }
      const peer = (req.headers["x-test-peer"] as string | undefined) ?? req.socket.remoteAddress ?? "unknown";
      const fwd = headers.get("x-forwarded-for");
      headers.set("x-forwarded-for", fwd ? `${fwd}, ${peer}` : peer);

      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = chunks.length && method !== "GET" && method !== "HEAD" ? Buffer.concat(chunks) : undefined;
      const nextReq = new NextRequest(url, { method, headers, body });
      const answer = await handler(nextReq, { params: Promise.resolve(params) });

      const out: Record<string, string | string[]> = {};
      answer.headers.forEach((v, k) => {
        if (k !== "set-cookie") out[k] = v;
      });
      const cookies = answer.headers.getSetCookie();
      if (cookies.length) out["set-cookie"] = cookies;
      res.writeHead(answer.status, out);
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch (err) {
      // A handler that throws past its wrapper is a 5xx the suite must see.
      process.stderr.write(`[instance] ${(err as Error).stack ?? String(err)}\n`);
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "instance error" }));
    }
  });
  server.keepAliveTimeout = 1000;
  server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
    const address = server.address();
    process.stdout.write(`LISTENING ${typeof address === "object" && address ? address.port : ""}\n`);
  });
}

// The parent holds our stdin open; when it goes (even by SIGKILL), so do we.
process.stdin.on("close", () => process.exit(0));
process.stdin.resume();

main().catch((err) => {
  process.stderr.write(`[instance] failed to start: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
