/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { createBusinessSession } from "../helpers/factories";
import { insertCustomer } from "../integration/vouchers-fixtures";
import { recordTally } from "./support/tally";
import { request, setUpTwoInstances } from "./support/instance-process";

// Issue 11 item 4: two app instances against one database fire the same scheduled job at once; the
// work is done once. Serial: the jobs are platform-wide (every business's vouchers and customers).

type JobAnswer = { job: string; ran: boolean; result?: Record<string, number>; reason?: string };

const instances = setUpTwoInstances();

/** Fires the job `rounds` times on each instance at the same moment. */
async function fireTogether(pathname: string, rounds: number): Promise<JobAnswer[]> {
  const answers = await Promise.all(Array.from({ length: rounds * 2 }, (_, i) => request<JobAnswer>(instances.url(i), pathname)));
  recordTally("races");
  recordTally("serverErrors", answers.filter((r) => r.status >= 500 || r.status === 0).length);
  expect(answers.map((r) => r.status)).toEqual(Array(rounds * 2).fill(200));
  return answers.map((r) => r.json);
}

it("expire-vouchers fired by both instances at once expires each overdue voucher once", async () => {
  const biz = await createBusinessSession();
  const customers = await Promise.all(Array.from({ length: 5 }, () => insertCustomer(biz.businessId)));
  const past = new Date(Date.now() - 3_600_000);
  await db.voucher.createMany({
    data: customers.map((c, i) => ({
      businessId: biz.businessId, customerId: c.id, batchId: `race-${biz.businessId}`, promoCode: `RACE${i}`, title: "Overdue", discountType: "fixed", discountValue: 1,
      expiresAt: past, createdAt: past, updatedAt: past,
    })),
  });
  const overdue = await db.voucher.count({ where: { status: "active", expiresAt: { lte: new Date() } } });

  const answers = await fireTogether("/api/cron/expire-vouchers", 3);
  expect(answers.some((x) => x.ran)).toBe(true);
  // Skipped runs said why; the runs that did work expired each overdue voucher exactly once in total.
  expect(answers.filter((x) => !x.ran).every((x) => x.reason === "already running on another instance")).toBe(true);
  expect(answers.reduce((sum, x) => sum + (x.ran ? x.result!.vouchersExpired : 0), 0)).toBe(overdue);
  expect(await db.voucher.count({ where: { businessId: biz.businessId, status: "expired" } })).toBe(5);
  const lease = await db.jobRun.findUniqueOrThrow({ where: { name: "expire-vouchers" } });
  expect(lease.leaseUntil).toBeNull();
}, 60_000);

it("customer-lifecycle fired by both instances at once archives each due customer once, with one activity entry", async () => {
  const biz = await createBusinessSession();
  const closedAt = new Date(Date.now() - 40 * 86_400_000);
  const customers = await Promise.all(Array.from({ length: 3 }, () => insertCustomer(biz.businessId, { accountStatus: "closed" })));
  await db.customer.updateMany({ where: { id: { in: customers.map((c) => c.id) } }, data: { closedAt } });

  const answers = await fireTogether("/api/cron/customer-lifecycle", 3);
  expect(answers.some((x) => x.ran)).toBe(true);
  expect(await db.customer.count({ where: { id: { in: customers.map((c) => c.id) }, accountStatus: "archived" } })).toBe(3);
  const logged = await db.activityLog.findMany({ where: { businessId: biz.businessId, action: "customers_archived" } });
  expect(logged).toHaveLength(1);
  expect(logged[0].newValues).toMatchObject({ count: 3 });
}, 60_000);

it("every scheduled job, fired twice on each instance at once, answers 200 and leaves no lease behind", async () => {
  const jobs = fs.readdirSync(path.resolve(__dirname, "..", "..", "app", "api", "cron"));
  expect(jobs.length).toBeGreaterThanOrEqual(5);
  for (const job of jobs) {
    const answers = await fireTogether(`/api/cron/${job}`, 2);
    expect({ job, ran: answers.some((x) => x.ran) }).toEqual({ job, ran: true });
  }
  const held = await db.jobRun.findMany({ where: { leaseUntil: { not: null } }, select: { name: true } });
  expect(held).toEqual([]);
}, 120_000);
