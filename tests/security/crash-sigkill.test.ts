/** @jest-environment node */
import { createBusinessSession } from "../helpers/factories";
import { addCustomerWithCard } from "../helpers/cards";
import { recordTally } from "./support/tally";
import { request, startInstance, type Instance } from "./support/instance-process";
import { findLostWrites, NOTHING_LOST, transactionLoad, type Ack } from "./support/instance-crash";

// Issue 11 item 5: an app instance is killed with SIGKILL in the middle of a transaction load, twice.
// After a restart every acknowledged (201) write is there with its ledger rows, nothing half-written
// is left behind, and every balance equals its ledger. (crash-next-start does the same to `next start`.)

const KILL_AFTER_ACKS = 40;

let instance: Instance | undefined;
afterAll(async () => {
  await instance?.stop();
});

it("SIGKILL mid-load, twice: every acknowledged transaction survives with its ledger rows, and every balance equals its ledger", async () => {
  const biz = await createBusinessSession();
  const customers = await Promise.all(Array.from({ length: 6 }, () => addCustomerWithCard(biz.businessId, { totalPoints: 300 })));
  const ids = customers.map((c) => c.customer.id);
  const acks: Ack[] = [];

  for (let round = 0; round < 2; round++) {
    instance = await startInstance();
    const doomed = instance;
    // Warm the route so the kill lands in the middle of real work, not a module compile.
    expect((await request(doomed.url, "/api/transactions", { cookie: biz.cookie, body: { customerId: ids[0], type: "purchase", amount: "1.00" } })).status).toBe(201);
    const before = acks.length;
    let killed = false;
    const { sent } = await transactionLoad(doomed.url, biz.cookie, ids, acks, () => {
      if (!killed && acks.length - before >= KILL_AFTER_ACKS) {
        killed = true;
        void doomed.kill("SIGKILL");
      }
    });
    await doomed.kill("SIGKILL");
    expect(doomed.child.signalCode).toBe("SIGKILL");
    recordTally("faults");
    expect(acks.length - before).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(sent).toBeGreaterThan(acks.length - before); // requests were in flight when it died
  }

  // A new instance on the same database.
  instance = await startInstance();
  expect(await findLostWrites(biz.businessId, acks)).toEqual(NOTHING_LOST);

  // The restarted instance works on the same customers (no lock or lease left behind by the dead one).
  const after = await request(instance.url, "/api/transactions", { cookie: biz.cookie, body: { customerId: ids[1], type: "purchase", amount: "2.00" } });
  expect(after.status).toBe(201);
}, 120_000);
