import type { CustomerDto } from "@/lib/customers/customer-dto";
import { fakeResponse } from "./fake-fetch";
import { isClosedOrDeleted, isSleeping } from "@/lib/rules/ledger";
import { buildMarketingExport } from "@/lib/rules/customer-export";
import { missingConsents, voucherBlockReason } from "@/lib/rules/vouchers";

/** The server's clock for the export's file name. */
export const EXPORT_NOW = new Date("2026-03-09T12:00:00Z");

// GET /api/customers as the server answers it (issue 23), for component tests: ?q= (name, email,
// phone or membership number, case-insensitive), ?sort=&order=, ?limit= pages with an X-Next-Cursor
// header, ?total=1 counts on the first page, the pickers' filters ?status=open|active, ?ids=,
// ?exclude=, and ?limit=&before= pages of the whole list; GET /api/customers/marketing-export as
// the server streams it (the CSV of lib/rules/customer-export, X-Export-Count). Any other URL goes
// to the fetch installed before (or a 500). Every call is recorded.

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
  /** The next list or export request answers this error instead. */
  failNext: (status: number, body: unknown) => void;
};

export function serveCustomers(customers: readonly CustomerDto[]): FakeCustomerApi {
  const before = (globalThis as { fetch?: (url: string, init?: RequestInit) => Promise<Response> }).fetch;
  let held: (() => void)[] | null = null;
  let failure: { status: number; body: unknown } | null = null;
  const answer = (url: URL): Response => {
    const p = url.searchParams;
    if (p.has("eligible")) {
      // "select all eligible": the server's rules (lib/customers/list-eligible-customer-ids.ts).
      const wanted = p.get("eligible")!;
      const channels = { sendEmail: wanted.includes("email"), sendSms: wanted.includes("sms") };
      const q = (p.get("q") ?? "").toLowerCase();
      const ids = customers
        .filter((c) => voucherBlockReason(c) === null && missingConsents(c, channels).length === 0)
        .filter((c) => !q || `${c.name}\n${c.email}`.toLowerCase().includes(q))
        .map((c) => c.id);
      return fakeResponse({ status: 200, body: ids });
    }
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
    const status = p.get("status");
    const ids = p.has("ids") ? new Set(p.get("ids")!.split(",").map(Number)) : null;
    const exclude = p.has("exclude") ? Number(p.get("exclude")) : null;
    const matches = customers
      .filter((c) => !q || `${c.name}\n${c.email}\n${c.phone}\n${c.membershipNumber}`.toLowerCase().includes(q))
      .filter((c) => (status === "open" ? !isClosedOrDeleted(c) : status === "active" ? !isClosedOrDeleted(c) && !isSleeping(c) : true))
      .filter((c) => (!ids || ids.has(c.id)) && c.id !== exclude)
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
    if (parsed.pathname === "/api/customers/marketing-export") {
      calls.push(url);
      if (failure) {
        const f = failure;
        failure = null;
        return fakeResponse({ status: f.status, body: f.body });
      }
      const file = buildMarketingExport(customers, EXPORT_NOW);
      return fakeResponse({
        status: 200,
        body: `\uFEFF${file.csv}`,
        headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${file.fileName}"`, "x-export-count": String(file.count) },
      });
    }
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
