// jsdom has no fetch. Component tests stand in for the server with this: each call answers with
// the next queued reply, and the calls are recorded for assertions.
export type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

/** What fetch resolves to for a reply: status, lower-cased headers, and the body as text or JSON. */
export function fakeResponse(reply: Reply, statusText = reply.status === 401 ? "Unauthorized" : "OK"): Response {
  const text = reply.body === undefined ? "" : typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
  const headers = new Map(Object.entries(reply.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: reply.status >= 200 && reply.status < 300,
    status: reply.status,
    statusText,
    headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null, has: (name: string) => headers.has(name.toLowerCase()) },
    text: async () => text,
    json: async () => JSON.parse(text),
    blob: async () => new Blob([text], { type: headers.get("content-type") ?? "" }),
    body: { cancel: async () => {} },
  } as unknown as Response;
}

export function installFakeFetch(...replies: Reply[]) {
  const queue = [...replies];
  const fn = jest.fn(async (_url: string, _init?: RequestInit) => fakeResponse(queue.shift() ?? { status: 500, body: { message: "no reply queued" } }));
  (globalThis as { fetch?: unknown }).fetch = fn;
  return fn;
}
