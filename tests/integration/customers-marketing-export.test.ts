/** @jest-environment node */
import { NextRequest } from "next/server";
import { GET as exportRoute } from "@/app/api/customers/marketing-export/route";
import { GET as listCustomers } from "@/app/api/customers/route";
import { marketingExportBatches } from "@/lib/customers/stream-marketing-export";
import { buildMarketingExport } from "@/lib/rules/customer-export";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { db } from "@/lib/db";
import { call, freshIp } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";

// Issue 23: the marketing export is streamed by the server (a batch of customers at a time) and is
// byte for byte the file the browser built from the customer list (lib/rules/customer-export).

const NOW = new Date("2026-03-09T12:00:00Z");

async function download(cookie: string) {
  const req = new NextRequest("http://localhost/api/customers/marketing-export", { headers: { cookie, "x-forwarded-for": freshIp(), "x-test-now": NOW.toISOString() } });
  const res = await exportRoute(req, { params: Promise.resolve({}) });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}

describe("GET /api/customers/marketing-export", () => {
  it("streams the consenting customers as the browser's CSV did: byte-order mark, header, newest first, formulas neutralised", async () => {
    const biz = await createBusinessSession();
    const other = await createBusinessSession();
    await addCustomer(other.cookie, { marketingConsentEmail: true });
    const made: CustomerDto[] = [];
    for (let i = 0; i < 5; i++) made.push(await addCustomer(biz.cookie, { name: `Zoë Customer${i}` }));
    await db.customer.update({ where: { id: made[0].id }, data: { marketingConsentEmail: true, marketingConsentSms: false, name: '=HYPERLINK("x"), "quoted"' } });
    await db.customer.update({ where: { id: made[1].id }, data: { marketingConsentEmail: false, marketingConsentSms: true, createdAt: new Date("2025-06-01T12:00:00.123Z") } });
    await db.customer.update({ where: { id: made[2].id }, data: { marketingConsentEmail: true, marketingConsentSms: true, createdAt: new Date("2025-06-01T12:00:00.123Z") } });
    await db.customer.update({ where: { id: made[3].id }, data: { marketingConsentEmail: false, marketingConsentSms: false } });
    await db.customer.update({ where: { id: made[4].id }, data: { marketingConsentEmail: true, parkedAt: new Date() } }); // parked: not listed

    const list = (await call<CustomerDto[]>(listCustomers, { cookie: biz.cookie })).json;
    const expected = buildMarketingExport(list, NOW);
    expect(expected.count).toBe(3);

    const { res, bytes, text } = await download(biz.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="customers-marketing-export-2026-03-09.csv"');
    // The count the button's toast reads before it saves the file: this business's consenting, listed customers.
    expect(res.headers.get("x-export-count")).toBe("3");
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(text).toBe(`\uFEFF${expected.csv}`);
    expect(text).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);
  });

  it("reads the list in keyset batches: any batch size gives the same rows, ties on createdAt kept", async () => {
    const biz = await createBusinessSession();
    const made: CustomerDto[] = [];
    for (let i = 0; i < 5; i++) made.push(await addCustomer(biz.cookie, { marketingConsentEmail: true }));
    const same = new Date("2025-06-01T12:00:00.123Z");
    await db.customer.updateMany({ where: { id: { in: [made[1].id, made[2].id, made[3].id] } }, data: { createdAt: same, marketingConsentEmail: true } });
    const read = async (batch: number) => {
      const batches = [];
      for await (const b of marketingExportBatches(biz.businessId, batch)) batches.push(b.map((c) => c.id));
      return batches;
    };
    const whole = (await read(1000)).flat();
    expect(whole).toHaveLength(5);
    for (const batch of [1, 2, 3, 5]) {
      const batches = await read(batch);
      expect(batches.flat()).toEqual(whole);
      expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(batch);
    }
  });

  it("is only the header for a business with no consenting customers (X-Export-Count 0), and 401 signed out", async () => {
    const biz = await createBusinessSession();
    await addCustomer(biz.cookie, { marketingConsentEmail: false, marketingConsentSms: false });
    const { res, text } = await download(biz.cookie);
    expect(text).toBe(`\uFEFF${buildMarketingExport([], NOW).csv}`);
    expect(res.headers.get("x-export-count")).toBe("0");
    expect((await call(exportRoute, { path: "/api/customers/marketing-export" })).status).toBe(401);
  });
});
