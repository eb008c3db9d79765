/** @jest-environment node */
import { GET as lookup } from "@/app/api/v1/customers/lookup/route";
import { POST as recordTx } from "@/app/api/v1/transactions/route";
import { db } from "@/lib/db";
import { forgetMaintenanceFlag, MAINTENANCE_MESSAGE } from "@/lib/settings/maintenance-flag";
import { call } from "../helpers/http";
import { asTill, businessWithKeys, customerWithPoints, newIdempotencyKey } from "./api-v1-fixtures";

// Issue 27 during maintenance (platform-wide, so a serial test): tills get the app's 503 and
// nothing is written; afterwards the same Idempotency-Key records once.

async function setMaintenance(on: boolean) {
  await db.systemSettings.upsert({ where: { id: 1 }, create: { id: 1, maintenanceMode: on }, update: { maintenanceMode: on } });
  forgetMaintenanceFlag();
}
afterAll(() => setMaintenance(false));

it("answers 503 with the maintenance message to API keys and writes nothing", async () => {
  process.env.WEBHOOK_DELIVERY = "cron-only";
  const A = await businessWithKeys();
  const c = await customerWithPoints(A.businessId);
  const key = newIdempotencyKey();
  const body = { type: "purchase", customerId: c.id, amount: "2.00" };
  await setMaintenance(true);
  const read = await call(lookup, asTill(A.readKey, { path: `/api/v1/customers/lookup?membershipNumber=${c.membershipNumber}` }));
  expect(read.status).toBe(503);
  expect(read.json.message).toBe(MAINTENANCE_MESSAGE);
  const write = await call(recordTx, asTill(A.writeKey, { method: "POST", path: "/api/v1/transactions", body, idempotencyKey: key }));
  expect(write.status).toBe(503);
  expect(await db.transaction.count({ where: { customerId: c.id } })).toBe(0);
  expect(await db.apiIdempotencyKey.count({ where: { businessId: A.businessId, key } })).toBe(0);
  await setMaintenance(false);
  const after = await call(recordTx, asTill(A.writeKey, { method: "POST", path: "/api/v1/transactions", body, idempotencyKey: key }));
  expect(after.status).toBe(201);
});
