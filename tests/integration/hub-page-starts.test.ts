/** @jest-environment node */
import { GET as listPromos, POST as createPromo } from "@/app/api/promos/route";
import { listVoucherPage } from "@/lib/vouchers/list-vouchers";
import { listPromoVouchers } from "@/lib/vouchers/search-vouchers";
import { asJson } from "@/lib/rules/as-json";
import type { PromoVoucher } from "@/lib/rules/transaction-display";
import { createBusinessSession } from "../helpers/factories";
import { call } from "../helpers/http";
import { insertCustomer, voucherPayload } from "./vouchers-fixtures";

// Issue 23: /vouchers and /transactions draw their first screen from these reads on the server; the
// live hub then reads GET /api/promos. What the server drew must be what that route answers.

describe("the voucher and transaction hubs' server reads", () => {
  it("the newest vouchers and their count are the head of GET /api/promos; the promo statuses by code match it", async () => {
    const { cookie, businessId } = await createBusinessSession();
    const a = await insertCustomer(businessId);
    const b = await insertCustomer(businessId);
    const first = voucherPayload([a.id, b.id]);
    expect((await call(createPromo, { method: "POST", cookie, path: "/api/promos", body: first })).status).toBe(200);
    const all = (await call<PromoVoucher[]>(listPromos, { cookie, path: "/api/promos" })).json;
    expect(all).toHaveLength(2);

    const now = new Date();
    const page = asJson(await listVoucherPage(businessId, now, 1)) as { rows: unknown[]; next: string | null; total: number };
    const head = await call<PromoVoucher[]>(listPromos, { cookie, path: "/api/promos?limit=1&total=1" });
    expect(page).toEqual({ rows: all.slice(0, 1), next: decodeURIComponent(head.headers.get("x-next-cursor")!), total: 2 });
    expect(head.json).toEqual(page.rows);

    const byCode = await listPromoVouchers(businessId, [first.promoCode.toLowerCase(), "NOSUCHCODE"], [a.id, b.id], now);
    const pick = (v: PromoVoucher) => ({ promoCode: v.promoCode, status: v.status, expiresAt: v.expiresAt, customerId: v.customerId });
    const sort = (xs: ReturnType<typeof pick>[]) => [...xs].sort((x, y) => (x.customerId ?? 0) - (y.customerId ?? 0));
    expect(sort(byCode.map(pick))).toEqual(sort(all.map(pick)));
    expect(await listPromoVouchers(businessId, [], [], now)).toEqual([]);
  });
});
