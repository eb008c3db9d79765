/** @jest-environment node */
import { housekeeping } from "@/lib/cron/housekeeping";
import { db } from "@/lib/db";
import { createSession } from "@/lib/auth/session";
import { createBusinessSession } from "../helpers/factories";

// Moves the clock a month ahead for every business's sessions: runs in the serial phase.
describe("housekeeping job", () => {
  it("housekeeping deletes expired sessions with the clock it is given, and is idempotent", async () => {
    const biz = await createBusinessSession();
    const session = await createSession({ kind: "business", businessId: biz.businessId }, new Date("2020-01-01T00:00:00Z"));
    const future = new Date(Date.now() + 30 * 86_400_000);
    // Other tests' sessions expire too when the clock is a month ahead; that is what it is for.
    const first = await housekeeping(future);
    expect(first.sessionsDeleted).toBeGreaterThanOrEqual(1);
    expect(await db.session.findUnique({ where: { id: session.id } })).toBeNull();
    const again = await housekeeping(new Date("2020-01-02T00:00:00Z"));
    expect(again.sessionsDeleted).toBe(0);
  });

});
