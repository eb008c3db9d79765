import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { createBusinessSession } from "../helpers/factories";

// Billing tests need businesses with many customers: these are inserted directly (the add-customer
// flow is covered by its own tests), oldest first, one minute apart.

export async function businessWithCustomers(count: number, data: Record<string, unknown> = {}) {
  const biz = await createBusinessSession();
  if (Object.keys(data).length) await db.business.update({ where: { id: biz.businessId }, data });
  const ids = await insertCustomers(biz.businessId, count);
  return { ...biz, customerIds: ids };
}

export async function insertCustomers(businessId: number, count: number, start = new Date("2026-01-01T09:00:00Z")): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const tag = randomUUID().slice(0, 10);
    const c = await db.customer.create({
      data: {
        businessId,
        firstName: "Test",
        lastName: `Customer${i}`,
        name: `Test Customer${i}`,
        email: `c-${tag}@example.test`,
        phone: `+4477${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
        membershipNumber: `T${tag}`.toUpperCase(),
        createdAt: new Date(start.getTime() + i * 60_000),
      },
    });
    ids.push(c.id);
  }
  return ids;
}

export async function parkedIds(businessId: number) {
  return (await db.customer.findMany({ where: { businessId, parkedAt: { not: null } }, orderBy: { id: "asc" }, select: { id: true } })).map((c) => c.id);
}
