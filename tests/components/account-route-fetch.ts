// A fake fetch for the account, activity and chrome component tests: replies by "METHOD path"
// (query string ignored unless the route names it), so screens that read several endpoints at
// once get the right answer whatever order their queries start in. Calls are recorded.

import { fakeResponse, type Reply } from "../helpers/fake-fetch";

export type RouteReply = Reply;
export type RouteHandler = RouteReply | ((init: RequestInit | undefined, url: string) => RouteReply | Promise<RouteReply>);

export function installRouteFetch(routes: Record<string, RouteHandler>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fn = jest.fn(async (url: string, init?: RequestInit) => {
    const method = (init?.method ?? "GET").toUpperCase();
    const path = url.split("?")[0];
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${path}`];
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const reply: RouteReply = handler === undefined ? { status: 404, body: { message: `no route for ${method} ${url}` } } : typeof handler === "function" ? await handler(init, url) : handler;
    return fakeResponse(reply, "");
  });
  (globalThis as { fetch?: unknown }).fetch = fn;
  return { fn, calls, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.split("?")[0] === path) };
}

/** Radix needs these in jsdom. */
export { installDomShims } from "../helpers/dom-shims";
