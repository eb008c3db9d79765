/** @jest-environment node */
import { createBusinessSession } from "../helpers/factories";
import { addCustomerWithCard } from "../helpers/cards";
import { recordTally } from "./support/tally";
import { request } from "./support/instance-process";
import { startNext, type NextServer } from "./support/instance-next";
import { findLostWrites, NOTHING_LOST, transactionLoad, type Ack } from "./support/instance-crash";

// Issue 11 item 5 on the real server: `next start` over the production build (see instance-next.ts)
// is killed with SIGKILL in the middle of a transaction load; a new one starts on the same database.

const KILL_AFTER_ACKS = 30;
// A plain-HTTP loopback URL: the server issues the same (non-Secure) cookie name the test holds.
const ENV = { NEXTAUTH_URL: "http://127.0.0.1", APP_URL: "http://127.0.0.1" };

let server: NextServer | undefined;
afterAll(async () => {
  await server?.stop();
});

it("SIGKILL of next start mid-load: every acknowledged transaction survives, every balance equals its ledger", async () => {
  const biz = await createBusinessSession();
  const customers = await Promise.all(Array.from({ length: 6 }, () => addCustomerWithCard(biz.businessId, { totalPoints: 300 })));
  const ids = customers.map((c) => c.customer.id);
  const acks: Ack[] = [];

  server = await startNext(ENV);
  const doomed = server;
  expect((await request(doomed.url, "/api/transactions", { cookie: biz.cookie, body: { customerId: ids[0], type: "purchase", amount: "1.00" } })).status).toBe(201);
  let killed = false;
  const { sent } = await transactionLoad(doomed.url, biz.cookie, ids, acks, () => {
    if (!killed && acks.length >= KILL_AFTER_ACKS) {
      killed = true;
      doomed.child.kill("SIGKILL");
    }
  });
  doomed.child.kill("SIGKILL");
  await doomed.stop();
  expect(doomed.child.signalCode).toBe("SIGKILL");
  recordTally("faults");
  expect(acks.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
  expect(sent).toBeGreaterThan(acks.length);

  server = await startNext(ENV);
  expect(await findLostWrites(biz.businessId, acks)).toEqual(NOTHING_LOST);
  const after = await request(server.url, "/api/transactions", { cookie: biz.cookie, body: { customerId: ids[1], type: "purchase", amount: "2.00" } });
  expect(after.status).toBe(201);
}, 150_000);
