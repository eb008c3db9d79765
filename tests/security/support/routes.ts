import fs from "node:fs";
import { ROUTE_META, type Audience, type RouteMeta } from "@/lib/api/route";
import type { call } from "../../helpers/http";
import { routeFiles } from "./route-files";

export { routeFiles };

// The security suite's view of the API, generated from the route files under app/api (and checked
// against the spec's endpoint list), so a new endpoint is covered without touching the suite.

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];
export type Handler = Parameters<typeof call>[0];

export type Endpoint = {
  /** app/api-relative folder, e.g. "customers/[id]/park" */
  route: string;
  method: Method;
  handler: Handler;
  /** The wrapper the handler was built with (lib/api/route.ts). */
  audience: Audience;
  meta: RouteMeta;
  /** Dynamic segments, in order. */
  params: string[];
  file: string;
};

/** Every (route, method) of the product, with the audience its wrapper serves. next-auth's own
 *  catch-all is not ours and is left out. A handler built without one of our wrappers fails here. */
export async function loadEndpoints(): Promise<Endpoint[]> {
  const out: Endpoint[] = [];
  for (const f of routeFiles()) out.push(...(await endpointsOf(f)));
  return out;
}

export async function endpointsOf({ route, file }: { route: string; file: string }): Promise<Endpoint[]> {
  const out: Endpoint[] = [];
  if (route.includes("[...")) return out;
  const mod = (await import(file)) as Partial<Record<Method, Handler>>;
  for (const method of METHODS) {
    const handler = mod[method];
    if (!handler) continue;
    const meta = (handler as unknown as Record<symbol, RouteMeta | undefined>)[ROUTE_META];
    if (!meta) throw new Error(`${method} /api/${route} is not built with a wrapper from lib/api/route.ts`);
    const params = (route.match(/\[([^\]]+)\]/g) ?? []).map((s) => s.slice(1, -1));
    out.push({ route, method, handler, audience: meta.audience, meta, params, file });
  }
  return out;
}

type SpecEndpoint = { method: string; path: string };

/** The spec's endpoints (/work/shared/spec/endpoints.json), as app/api folders: "{id}" -> "[id]". */
export function specEndpoints(): { route: string; method: string }[] {
  const file = process.env.SPEC_ENDPOINTS ?? "/work/shared/spec/endpoints.json";
  if (!fs.existsSync(file)) return [];
  const list = JSON.parse(fs.readFileSync(file, "utf8")) as SpecEndpoint[];
  return list.map((e) => ({ method: e.method.toUpperCase(), route: e.path.replace(/^\/api\//, "").replace(/\{([^}]+)\}/g, "[$1]") }));
}

export const pathOf = (e: Pick<Endpoint, "route">, params: Record<string, string>) =>
  `/api/${e.route.replace(/\[([^\]]+)\]/g, (_m, name: string) => encodeSegment(params[name] ?? "1"))}`;

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes as its raw bytes. */
function encodeSegment(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return v.replace(/[\ud800-\udfff]/g, "%ED%A0%80").replace(/[^%A-Za-z0-9]/g, (c) => encodeURIComponent(c));
  }
}

export const label = (e: Pick<Endpoint, "method" | "route">) => `${e.method} /api/${e.route}`;
