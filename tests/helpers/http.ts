import { NextRequest } from "next/server";

// Calls a route handler the way Next does: a NextRequest in, a Response out. No HTTP server, but
// the real handler, wrapper, validation and database.

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type CallOptions = {
  method?: string;
  path?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  cookie?: string;
  params?: Record<string, string>;
  ip?: string;
};

export type CallResult<T = Record<string, unknown>> = { status: number; json: T; text: string; headers: Headers; cookie?: string };

/** A random client address per call unless one is given, so per-IP rate limits never couple tests
 *  (a counter would restart in every test file of a worker and repeat addresses). */
const octet = () => 1 + Math.floor(Math.random() * 254);
export const freshIp = () => `10.${octet()}.${octet()}.${octet()}`;

export async function call<T = Record<string, unknown>>(handler: Handler, opts: CallOptions = {}): Promise<CallResult<T>> {
  const headers = new Headers(opts.headers);
  if (opts.cookie) headers.set("cookie", opts.cookie);
  if (opts.body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", opts.ip ?? freshIp());
  const method = opts.method ?? "GET";
  const body = opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined);
  const req = new NextRequest(`http://localhost${opts.path ?? "/api/test"}`, { method, headers, body });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const setCookie = res.headers.get("set-cookie");
  const cookie = setCookie ? setCookie.split(";")[0] : undefined;
  return { status: res.status, json: json as T, text, headers: res.headers, cookie };
}

/** A refusal: the status, and the message the API answers with (what the person is shown). */
export function expectRefusal(res: CallResult<unknown>, status: number, message: string) {
  expect(res.status).toBe(status);
  expect((res.json as { message?: unknown }).message).toBe(message);
}
