import { envNow } from "@/lib/env";

// The current time, injectable. Domain functions take `now` as a parameter; route handlers get it
// from here. In tests and in non-production runs a caller may move the clock with the
// `x-test-now` header (ISO date), which is how the timed rules are exercised end to end.
export function requestNow(req: Request): Date {
  const override = req.headers.get("x-test-now");
  if (override && envNow("NODE_ENV") !== "production") {
    const d = new Date(override);
    if (!Number.isNaN(d.getTime())) return d;
  }
  return new Date();
}

// Elapsed-time helpers live with the UK calendar in lib/rules/uk-time.
export { DAY_MS, addDays } from "@/lib/rules/uk-time";
