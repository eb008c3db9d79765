import { createSimulatedToken, readSimulatedToken } from "@/lib/billing/simulated-token";
import { isBillingSimulated } from "@/lib/billing/stripe";

// The simulated checkout's stateless token: signed, tamper-evident, valid for one hour.

const now = new Date("2026-11-22T12:00:00Z");

describe("simulated billing token", () => {
  it("round-trips the business, purpose and customer", () => {
    const token = createSimulatedToken({ businessId: 7, purpose: "reactivate", reactivateCustomerId: 99 }, now);
    expect(readSimulatedToken(token, new Date(now.getTime() + 59 * 60_000))).toMatchObject({ businessId: 7, purpose: "reactivate", reactivateCustomerId: 99 });
  });

  it("refuses a tampered payload, a missing signature and an expired token", () => {
    const token = createSimulatedToken({ businessId: 7, purpose: "upgrade" }, now);
    const [body, mac] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ businessId: 8, purpose: "upgrade", exp: now.getTime() + 1e9 })).toString("base64url");
    expect(() => readSimulatedToken(`${forged}.${mac}`, now)).toThrow("This checkout link is invalid");
    expect(() => readSimulatedToken(body, now)).toThrow("This checkout link is invalid");
    expect(() => readSimulatedToken(token, new Date(now.getTime() + 61 * 60_000))).toThrow("This checkout link has expired. Please start again.");
  });

  it("is simulated when the Stripe keys are unset (no network)", () => {
    expect(isBillingSimulated()).toBe(true);
  });
});
