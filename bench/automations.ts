// The daily automation run (issue 25) over one business of 100,000 customers: all four automations
// switched on with email and SMS, customers with a spread of birthdays, last visits, points and
// consents, the run at 11:00 UK time so SMS may go. Budget: < 60 s for the run.
//   node --import tsx bench/automations.ts [--customers 100000]
// Uses a throwaway database (DATABASE_URL's server when set, else embedded PGlite); email and SMS
// are simulated (every message still goes through the outbox as it would be sent). Measures the
// first run (every pending occasion at once) and the next day's run (steady state).
// `runAutomationsBench()` runs the same in a child process so the app modules read this bench's
// database; `npm run bench -- --skip-automations` leaves it out.
import path from "node:path";
import { Client } from "pg";
import type { BenchRow } from "./lib/results";
import { benchMain, numberArg, runInChild } from "./lib/child-bench";
import { pointAppAt } from "./lib/in-process";

const BUDGET_MS = 60_000;

async function measure(customers: number): Promise<BenchRow[]> {
  const { migratedThrowawayDatabase } = await import("./lib/throwaway-db");
  const { seedLargeBusiness } = await import("./seed-large");
  const target = await migratedThrowawayDatabase();
  try {
    const now = new Date("2026-06-15T10:00:00Z"); // 11:00 BST
    const seeded = await seedLargeBusiness(target.url, { customers, transactions: 0, vouchers: 0, now, label: "Bench Automations Café" });
    const pg = new Client({ connectionString: target.url });
    await pg.connect();
    try {
      // A realistic spread: birthdays over the year, last visits over the last 150 days (the older
      // ones asleep), points 0-150 against a minimum of 100, 60% email and 30% SMS consent.
      await pg.query(
        `UPDATE customers SET
           "dateOfBirth" = DATE '1970-01-01' + (random() * 15000)::int,
           "lastVisit" = $2::timestamp - make_interval(days => (random() * 150)::int, hours => (random() * 10)::int),
           "totalPoints" = (random() * 150)::int, "minimumRedemption" = 100,
           "marketingConsentEmail" = random() < 0.6, "marketingConsentSms" = random() < 0.3,
           "accountStatus" = 'active', "parkedAt" = NULL
         WHERE "businessId" = $1`,
        [seeded.businessId, now],
      );
      await pg.query(`UPDATE customers SET "sleepStatus" = CASE WHEN "lastVisit" < $2::timestamp - interval '3 months' THEN 'asleep' ELSE 'active' END WHERE "businessId" = $1`, [seeded.businessId, now]);
      await pg.query(
        `INSERT INTO automations ("businessId", kind, enabled, "sendEmail", "sendSms", subject, body, "updatedAt")
         SELECT $1, k, true, true, true, 'Hello {firstName}', 'Hi {firstName}, {points} points at {businessName}.', now()
         FROM unnest(ARRAY['birthday', 'win_back', 'nearly_there', 'reward_available']) AS k`,
        [seeded.businessId],
      );
      await pg.query("ANALYZE");
    } finally {
      await pg.end();
    }

    for (const name of ["RESEND_API_KEY", "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER"]) delete process.env[name]; // simulated outbox
    pointAppAt(target.url);
    const { runAutomations } = await import("../lib/automations/run-automations");
    const t0 = performance.now();
    const first = await runAutomations(now);
    const firstMs = Math.round(performance.now() - t0);
    const t1 = performance.now();
    const next = await runAutomations(new Date(now.getTime() + 86_400_000));
    const nextMs = Math.round(performance.now() - t1);
    const { db } = await import("../lib/db");
    await db.$disconnect();
    const note = (r: typeof first) => `${customers.toLocaleString("en-GB")} customers; ${r.claimed} occasions, ${r.emails} emails, ${r.sms} SMS, ${r.rewards} birthday rewards; ${target.kind}`;
    return [
      { group: "automations", name: `daily automation run, first (${customers} customers)`, value: firstMs, unit: "ms", budget: "< 60 s", met: firstMs < BUDGET_MS, note: note(first) },
      { group: "automations", name: `daily automation run, next day (${customers} customers)`, value: nextMs, unit: "ms", budget: "< 60 s", met: nextMs < BUDGET_MS, note: note(next) },
    ];
  } finally {
    await target.drop();
  }
}

export function runAutomationsBench(opts: { customers?: number } = {}): Promise<BenchRow[]> {
  return runInChild(path.join(__dirname, "automations.ts"), { customers: opts.customers ?? 100_000 });
}

if (require.main === module) benchMain(() => measure(numberArg("customers", 100_000)));
