/** @jest-environment node */
import { GET as currentUser } from "@/app/api/auth/user/route";
import { GET as lastEmail } from "@/app/api/test/last-simulated-email/route";
import { createElement } from "react";
import { sendEmail } from "@/lib/email/send-email";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";

// Business B must never see business A's data. Each feature adds its endpoints to this file (and
// the security suite generates the full matrix from the endpoint list).
describe("tenant isolation", () => {
  it("a session only ever shows its own business", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    const meA = await call(currentUser, { cookie: a.cookie });
    const meB = await call(currentUser, { cookie: b.cookie });
    expect(meA.json).toMatchObject({ businessId: a.businessId, businessName: a.businessName });
    expect(meB.json).toMatchObject({ businessId: b.businessId, businessName: b.businessName });
  });

  it("business B cannot read business A's simulated emails", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    await sendEmail({ to: "customer-of-a@example.test", email: { subject: "A's secret voucher", react: createElement("p", null, "for A only") }, emailType: "voucher", businessId: a.businessId });
    const asA = await call<{ subject: string }>(lastEmail, { cookie: a.cookie });
    expect(asA.status).toBe(200);
    expect(asA.json.subject).toBe("A's secret voucher");
    const asB = await call<{ subject?: string }>(lastEmail, { cookie: b.cookie });
    expect(asB.json?.subject).not.toBe("A's secret voucher");
  });
});
