import type { CustomerDto } from "@/lib/customers/customer-dto";
import { fakeResponse } from "./fake-fetch";

// GET /api/customers as the server answers it (issue 23), for component tests: ?q= (name or email,
// case-insensitive), ?sort=&order=, ?limit= pages with an X-Next-Cursor header, ?total=1 counts on
// the first page, and ?limit=&before= pages of the whole list (the marketing export). Any other
// URL goes to the fetch installed before (or a 500). Every call is recorded.

const sortKeys: Record<string, (c: CustomerDto) => string | number> = {
  joined: (c) => c.createdAt,
  name: (c) => c.name.toLowerCase(),
  points: (c) => c.totalPoints,
  spent: (c) => Number(c.lifetimeSpent),
  lastVisit: (c) => c.lastVisit ?? "",
};

export type FakeCustomerApi = {
  fetch: jest.Mock<Promise<Response>, [string, RequestInit?]>;
  /** The URLs of the customer list requests, in order. */
  listCalls: () => string[];
  /** Holds every answer to a search request until release() (to see what shows meanwhile). */
  hold: () => void;
  release: () => void;
  /** The next list request answers this error instead. */
  failNext: (status: number, body: unknown) => void;
};

export function serveCustomers(customers: readonly CustomerDto[]): FakeCustomerApi {
  const before = (globalThis as { fetch?: (url: string, init?: RequestInit) => Promise<Response> }).fetch;
  let held: (() => void)[] | null = null;
  let failure: { status: number; body: unknown } | null = null;
  const answer = (url: URL): Response => {
    const p = url.searchParams;
    const limit = Number(p.get("limit") ?? customers.length);
    if (!p.has("sort")) {
      // The whole list (or its pages, newest first): the marketing export reads it.
      const start = p.has("before") ? Number(p.get("before")!.split("-")[1]) : 0;
      const page = customers.slice(start, start + limit);
      const more = start + limit < customers.length;
      return fakeResponse({ status: 200, body: page, headers: more ? { "X-Next-Before": `1767225600000-${start + limit}` } : {} });
    }
    const q = (p.get("q") ?? "").toLowerCase();
    const key = sortKeys[p.get("sort")!];
    const dir = p.get("order") === "asc" ? 1 : -1;
    const matches = customers
      .filter((c) => !q || `${c.name}\n${c.email}`.toLowerCase().includes(q))
      .sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        return (x < y ? -1 : x > y ? 1 : a.id - b.id) * dir;
      });
    const start = p.has("cursor") ? Number(decodeURIComponent(p.get("cursor")!).split(".")[0]) : 0;
    const page = matches.slice(start, start + limit);
    const headers: Record<string, string> = {};
    if (start + limit < matches.length) headers["X-Next-Cursor"] = encodeURIComponent(`${start + limit}.key`);
    if (p.get("total") === "1") Object.assign(headers, { "X-Total-Count": String(matches.length), "X-Total-Kind": "exact" });
    return fakeResponse({ status: 200, body: page, headers });
  };
  const calls: string[] = [];
  const fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const parsed = new URL(url, "http://localhost");
    if (parsed.pathname !== "/api/customers") return before ? before(url, init) : fakeResponse({ status: 500, body: { message: "no reply" } });
    calls.push(url);
    if (failure) {
      const f = failure;
      failure = null;
      return fakeResponse({ status: f.status, body: f.body });
    }
    if (held && parsed.searchParams.has("sort")) await new Promise<void>((resolve) => held!.push(resolve));
    return answer(parsed);
  });
  (globalThis as { fetch?: unknown }).fetch = fetch;
  return {
    fetch,
    listCalls: () => [...calls],
    hold: () => {
      held = [];
    },
    release: () => {
      const waiting = held ?? [];
      held = null;
      waiting.forEach((r) => r());
    },
    failNext: (status, body) => {
      failure = { status, body };
    },
  };
}
