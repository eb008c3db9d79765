/** @jest-environment node */
import { GET as progressRoute } from "@/app/api/setup/progress/route";
import { POST as completeStep } from "@/app/api/setup/complete-step/route";
import { PUT as putBusiness } from "@/app/api/business/route";
import { db } from "@/lib/db";
import { STEP_NOT_READY } from "@/lib/onboarding/complete-setup-step";
import type { SetupProgress } from "@/lib/onboarding/progress";
import { call, expectRefusal } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";

type Completed = { message: string; alreadyCompleted: boolean; stepId: string; progress: SetupProgress };

const progress = (cookie: string) => call<SetupProgress>(progressRoute, { cookie, path: "/api/setup/progress" });
const complete = (cookie: string, stepId: unknown, headers?: Record<string, string>) =>
  call<Completed>(completeStep, { method: "POST", cookie, path: "/api/setup/complete-step", body: { stepId }, headers });

describe("GET /api/setup/progress", () => {
  it("lists the seven steps with their points, nothing done, the welcome step next and every achievement locked", async () => {
    const biz = await createBusinessSession();
    const res = await progress(biz.cookie);
    expect(res.status).toBe(200);
    expect(res.json.steps.map((s) => [s.id, s.points, s.completed, s.completedAt])).toEqual([
      ["welcome", 10, false, null],
      ["business_profile", 15, false, null],
      ["first_customer", 25, false, null],
      ["generate_loyalty_card", 20, false, null],
      ["complete_transaction", 30, false, null],
      ["create_voucher", 25, false, null],
      ["email_integration", 20, false, null],
    ]);
    for (const s of res.json.steps) {
      expect(s.title).toEqual(expect.any(String));
      expect(s.description).toEqual(expect.any(String));
    }
    expect(res.json.achievements.map((a) => [a.title, a.points, a.unlocked])).toEqual([
      ["First Steps", 10, false],
      ["Customer Master", 25, false],
      ["Loyalty Pioneer", 20, false],
      ["Setup Master", 100, false],
    ]);
    expect(res.json).toMatchObject({ totalPoints: 0, completedCount: 0, totalSteps: 7, maxPoints: 300, allComplete: false, nextStepId: "welcome" });
  });

  it("needs a business session", async () => {
    expect((await progress("")).status).toBe(401);
  });

  it("shows each business its own progress only", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    expect((await complete(a.cookie, "welcome")).status).toBe(200);
    expect((await progress(a.cookie)).json.completedCount).toBe(1);
    expect((await progress(b.cookie)).json.completedCount).toBe(0);
  });
});

describe("POST /api/setup/complete-step", () => {
  it("completes the welcome step by hand with 'Step Completed!', once, with an activity row", async () => {
    const biz = await createBusinessSession();
    const at = "2026-11-22T10:00:00.000Z";
    const res = await complete(biz.cookie, "welcome", { "x-test-now": at });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ message: "Step Completed!", alreadyCompleted: false, stepId: "welcome" });
    expect(res.json.progress).toMatchObject({ completedCount: 1, totalPoints: 10, nextStepId: "business_profile" });
    expect(res.json.progress.steps[0]).toMatchObject({ id: "welcome", completed: true, completedAt: at });

    const again = await complete(biz.cookie, "welcome");
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ message: "Step already completed", alreadyCompleted: true });
    expect(await db.setupStep.count({ where: { businessId: biz.businessId } })).toBe(1);
    const rows = await db.activityLog.findMany({ where: { businessId: biz.businessId, action: "setup_step_completed" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tableName: "setup_steps", recordId: "welcome", actorType: "owner" });
  });

  it("completes business_profile only when the profile is complete, and First Steps unlocks with welcome", async () => {
    const biz = await createBusinessSession();
    await db.business.update({ where: { id: biz.businessId }, data: { businessAddress: "" } });
    const refused = await complete(biz.cookie, "business_profile");
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(STEP_NOT_READY.business_profile);

    await db.business.update({ where: { id: biz.businessId }, data: { businessAddress: "1 High Street, Bristol BS1 1AA" } });
    await complete(biz.cookie, "welcome");
    const ok = await complete(biz.cookie, "business_profile");
    expect(ok.status).toBe(200);
    const firstSteps = ok.json.progress.achievements.find((a) => a.id === "first_steps")!;
    expect(firstSteps).toMatchObject({ title: "First Steps", unlocked: true });
    // 10 + 15 for the steps, 10 for First Steps
    expect(ok.json.progress).toMatchObject({ totalPoints: 35, stepPoints: 25, achievementPoints: 10, completedCount: 2 });
  });

  it("completes email_integration by hand", async () => {
    const biz = await createBusinessSession();
    const res = await complete(biz.cookie, "email_integration");
    expect(res.status).toBe(200);
    expect(res.json.progress.totalPoints).toBe(20);
    expect(res.json.progress.nextStepId).toBe("welcome");
  });

  it.each(["first_customer", "generate_loyalty_card", "complete_transaction", "create_voucher"] as const)(
    "refuses %s by hand before it has happened, with what to do",
    async (stepId) => {
      const biz = await createBusinessSession();
      const res = await complete(biz.cookie, stepId);
      expect(res.status).toBe(409);
      expect(res.json.message).toBe(STEP_NOT_READY[stepId]);
      expect(await db.setupStep.count({ where: { businessId: biz.businessId } })).toBe(0);
    },
  );

  it("sees first_customer and generate_loyalty_card complete themselves, and completes a missing one by hand once the event happened", async () => {
    const biz = await createBusinessSession();
    await addCustomer(biz.cookie);
    const after = await progress(biz.cookie);
    const done = after.json.steps.filter((s) => s.completed).map((s) => s.id);
    expect(done).toEqual(["first_customer", "generate_loyalty_card"]);
    expect(after.json.achievements.find((a) => a.id === "customer_master")).toMatchObject({ title: "Customer Master", unlocked: true, points: 25 });
    expect(after.json.totalPoints).toBe(25 + 20 + 25);

    // e.g. a customer added before the checklist existed
    await db.setupStep.deleteMany({ where: { businessId: biz.businessId, stepId: "first_customer" } });
    const res = await complete(biz.cookie, "first_customer");
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Step Completed!");
  });

  it("unlocks Setup Master and reaches 300 points when all seven are done", async () => {
    const biz = await createBusinessSession();
    await db.setupStep.createMany({
      data: ["first_customer", "generate_loyalty_card", "complete_transaction", "create_voucher"].map((stepId) => ({ businessId: biz.businessId, stepId })),
    });
    await complete(biz.cookie, "welcome");
    await complete(biz.cookie, "business_profile");
    const last = await complete(biz.cookie, "email_integration");
    expect(last.json.progress).toMatchObject({ completedCount: 7, allComplete: true, nextStepId: null, totalPoints: 300, stepPoints: 145, achievementPoints: 155 });
    expect(last.json.progress.achievements.every((a) => a.unlocked)).toBe(true);
  });

  it.each([
    [{ stepId: "launch_rocket" }, 'Unknown setup step "launch_rocket"'],
    [{ stepId: "" }, "stepId is required"],
    [{}, "stepId is required"],
  ])("refuses %j with a readable 400", async (body, message) => {
    const biz = await createBusinessSession();
    const res = await call(completeStep, { method: "POST", cookie: biz.cookie, body });
    expectRefusal(res, 400, message);
  });

  it("completes business_profile when PUT /api/business saves a complete profile", async () => {
    const biz = await createBusinessSession();
    const res = await call(putBusiness, {
      method: "PUT",
      cookie: biz.cookie,
      body: { businessName: "The Daily Grind", businessAddress: "2 Market Street, Leeds LS1 6DT", phone: "07700 900123", website: "" },
    });
    expect(res.status).toBe(200);
    const after = await progress(biz.cookie);
    expect(after.json.steps.find((s) => s.id === "business_profile")?.completed).toBe(true);
  });
});
