/** @jest-environment node */
import { POST as signup } from "@/app/api/auth/signup/route";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { signupPayload } from "../helpers/factories";

// Changes platform-wide settings: runs in the serial phase of `npm test`.
describe("POST /api/auth/signup and the system settings", () => {
  it("refuses sign-ups while they are paused, and checks the access code when PIN protection is on", async () => {
    await db.systemSettings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
    try {
      await db.systemSettings.update({ where: { id: 1 }, data: { signupsEnabled: false } });
      const paused = await call(signup, { method: "POST", body: signupPayload() });
      expect(paused.status).toBe(403);
      expect(paused.json).toMatchObject({ message: "signups temporarily paused" });

      await db.systemSettings.update({ where: { id: 1 }, data: { signupsEnabled: true, pinProtectionEnabled: true, signupPin: "4321" } });
      const wrong = await call(signup, { method: "POST", body: signupPayload({ accessCode: "0000" }) });
      expect(wrong.status).toBe(403);
      expect(wrong.json).toMatchObject({ message: "Invalid access code. Please try again." });
      const right = await call(signup, { method: "POST", body: signupPayload({ accessCode: "4321" }) });
      expect(right.status).toBe(201);
    } finally {
      await db.systemSettings.update({ where: { id: 1 }, data: { signupsEnabled: true, pinProtectionEnabled: false, signupPin: null } });
    }
  });

});
