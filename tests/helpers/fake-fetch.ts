// jsdom has no fetch. Component tests stand in for the server with this: each call answers with
// the next queued reply, and the calls are recorded for assertions.
type Reply = { status: number; body?: unknown };

export function installFakeFetch(...replies: Reply[]) {
  const queue = [...replies];
  const fn = jest.fn(async (_url: string, _init?: RequestInit) => {
    const reply = queue.shift() ?? { status: 500, body: { message: "no reply queued" } };
    const text = reply.body === undefined ? "" : typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      statusText: reply.status === 401 ? "Unauthorized" : "OK",
      text: async () => text,
      json: async () => JSON.parse(text),
    } as unknown as Response;
  });
  (globalThis as { fetch?: unknown }).fetch = fn;
  return fn;
}
