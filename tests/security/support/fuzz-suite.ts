import { db } from "@/lib/db";
import { addCustomerWithCard } from "../../helpers/cards";
import { checkDatabaseInvariants } from "./db-invariants";
import { fuzzEndpoint, newContext, type FuzzContext } from "./fuzz-runner";
import { endpointsOf, label, routeFiles, type Endpoint } from "./routes";
import { recordTally } from "./tally";

// The fuzz test files: route files split between two parallel files (so both jest workers fuzz),
// and the endpoints that can change the whole platform, which run alone in
// fuzz-platform.serial.test.ts: system settings, every trial, broadcasts, and every admin route
// (a fuzzed id there may name any business, such as another test file's).

export const isPlatformWide = (e: Endpoint) => e.audience === "admin";

export function fuzzFiles(part: 0 | 1) {
  return routeFiles().filter((_f, i) => i % 2 === part);
}

/** FUZZ_ONLY=<regex on the route> narrows a run to some route files while investigating. */
const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;

export function defineFuzzSuite(files: { route: string; file: string }[], accept: (e: Endpoint) => boolean, afterInput?: () => Promise<void>) {
  files = only ? files.filter((f) => only.test(f.route)) : files;
  let ctx: FuzzContext;
  beforeAll(async () => {
    process.env.CRON_SECRET = "security-fuzz-secret";
    ctx = await newContext();
  }, 120_000);

  it.each(files.map((f) => [f.route, f] as const))("%s", async (_route, f) => {
    const failures: string[] = [];
    let sent = 0;
    for (const e of await endpointsOf(f)) {
      if (!accept(e)) continue;
      // A fresh customer of the caller's for each endpoint: inputs may close, park or snooze it.
      const { customer } = await addCustomerWithCard(ctx.t.businessId);
      await db.customer.update({ where: { id: customer.id }, data: { marketingConsentEmail: true, marketingConsentSms: true } });
      ctx.t = { ...ctx.t, customerId: customer.id, membershipNumber: customer.membershipNumber };
      const seed = [...label(e)].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);
      const r = await fuzzEndpoint(e, ctx, seed, afterInput);
      sent += r.sent;
      failures.push(...r.failures);
    }
    recordTally("malformedInputs", sent);
    recordTally("serverErrors", failures.length);
    expect(failures).toEqual([]);
  });

  afterAll(async () => {
    const { broken, ledgerMismatches } = await checkDatabaseInvariants();
    recordTally("lost", ledgerMismatches);
    expect(broken).toEqual([]);
  });
}
