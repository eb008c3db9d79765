import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { db } from "@/lib/db";
import { effectiveVoucherStatus } from "@/lib/rules/vouchers";
import { activeVoucherWhere, usableVoucherWhere } from "@/lib/vouchers/usable-voucher";
import { createBusinessSession } from "../helpers/factories";
import { insertCustomer } from "./vouchers-fixtures";

// Issue 21: the usable-voucher test has one home. Its database filter selects exactly the vouchers
// the pure rule (effectiveVoucherStatus, shown on the screens) calls active, plus isActive.
describe("usable voucher (lib/vouchers/usable-voucher)", () => {
  it("the Prisma filter agrees with effectiveVoucherStatus for any status, expiry and now", async () => {
    const { businessId } = await createBusinessSession();
    const customer = await insertCustomer(businessId);
    const base = Date.UTC(2026, 5, 1);
    const HOUR = 3_600_000;
    const specs = fc.sample(
      fc.record({
        status: fc.constantFrom("active", "redeemed", "expired", "cancelled"),
        isActive: fc.boolean(),
        expiresIn: fc.option(fc.integer({ min: -48, max: 48 }), { nil: null }),
      }),
      { numRuns: 40, seed: 21 },
    );
    const batchId = randomUUID();
    const rows = await Promise.all(
      specs.map((s, i) =>
        db.voucher.create({
          data: {
            businessId, customerId: customer.id, batchId, promoCode: `USE${i}`, title: "Test", discountType: "fixed", discountValue: 1,
            status: s.status, isActive: s.isActive, expiresAt: s.expiresIn === null ? null : new Date(base + s.expiresIn * HOUR),
          },
        }),
      ),
    );
    for (const offset of [-49, -1, 0, 1, 49]) {
      const now = new Date(base + offset * HOUR);
      const active = await db.voucher.findMany({ where: { businessId, batchId, ...activeVoucherWhere(now) }, select: { id: true } });
      const usable = await db.voucher.findMany({ where: { businessId, batchId, ...usableVoucherWhere(now) }, select: { id: true } });
      const expectActive = rows.filter((r) => effectiveVoucherStatus(r, now) === "active").map((r) => r.id).sort();
      expect(active.map((r) => r.id).sort()).toEqual(expectActive);
      expect(usable.map((r) => r.id).sort()).toEqual(rows.filter((r) => expectActive.includes(r.id) && r.isActive).map((r) => r.id).sort());
    }
  });
});
