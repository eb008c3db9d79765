// Writes the demo business (prisma/seed/demo-plan.ts) in one interactive transaction of a dozen
// batched statements: all or nothing, about a second, and safe to call twice or concurrently.
import bcrypt from "bcryptjs";
import { Prisma, type PrismaClient } from "../../generated/prisma/client";
import { DEMO_BUSINESS, DEMO_EMAIL, DEMO_PASSWORD, SETUP_STEPS } from "./demo-data";
import { buildDemoPlan, type DemoPlan, type PlannedEvent } from "./demo-plan";

type Tx = Prisma.TransactionClient;

export type SeedResult = { created: boolean; businessId: number; customers: number };

const MINUTE = 60_000;
const OWNER = { actorType: "owner", actorName: "Demo Owner" } as const;
const LEDGER_KIND: Record<PlannedEvent["type"], string> = { purchase: "earn", points_redemption: "redeem", bonus_points: "bonus" };

/** bcrypt cost: 11 unless BCRYPT_ROUNDS says otherwise (tests lower it), as in lib/auth/password.ts. */
export function bcryptRounds(): number {
  return Math.min(14, Math.max(4, Number(process.env.BCRYPT_ROUNDS ?? 11)));
}

/** Creates the demo business with its customers and history unless it exists. Idempotent. */
export async function seedDemo(prisma: PrismaClient, opts: { now?: Date } = {}): Promise<SeedResult> {
  await ensureSystemSettings(prisma);
  const existing = await findDemo(prisma);
  if (existing) return { ...existing, created: false };

  const plan = buildDemoPlan(opts.now ?? new Date());
  const passwordHash = await bcrypt.hash(DEMO_PASSWORD, bcryptRounds());
  try {
    const businessId = await prisma.$transaction((tx) => writePlan(tx, plan, passwordHash), { maxWait: 30_000, timeout: 120_000 });
    return { created: true, businessId, customers: plan.customers.length };
  } catch (err) {
    // Another process seeded at the same moment: the unique business email stopped this one.
    const raced = isUniqueViolation(err) ? await findDemo(prisma) : null;
    if (raced) return { ...raced, created: false };
    throw err;
  }
}

async function findDemo(prisma: PrismaClient) {
  const b = await prisma.business.findUnique({ where: { email: DEMO_EMAIL }, select: { id: true, _count: { select: { customers: true } } } });
  return b ? { businessId: b.id, customers: b._count.customers } : null;
}

/** The platform settings row (id 1) with its defaults. */
export async function ensureSystemSettings(prisma: PrismaClient): Promise<void> {
  try {
    await prisma.systemSettings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err; // created concurrently: fine
  }
}

/** Creates or updates the super admin named by SUPER_ADMIN_EMAIL / SUPER_ADMIN_PASSWORD. */
export async function ensureSuperAdmin(prisma: PrismaClient, email: string, password: string, name = "Super Admin"): Promise<"created" | "updated" | "unchanged"> {
  const normalised = email.trim().toLowerCase();
  const existing = await prisma.superAdmin.findUnique({ where: { email: normalised } });
  if (existing && (await bcrypt.compare(password, existing.passwordHash))) return "unchanged";
  const passwordHash = await bcrypt.hash(password, bcryptRounds());
  await prisma.superAdmin.upsert({ where: { email: normalised }, create: { email: normalised, name, passwordHash }, update: { passwordHash } });
  return existing ? "updated" : "created";
}

function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002";
}

const pounds = (milli: number) => (milli / 1000).toFixed(3);
const byTime = <T extends { createdAt: Date }>(a: T, b: T) => a.createdAt.getTime() - b.createdAt.getTime();

async function writePlan(tx: Tx, plan: DemoPlan, passwordHash: string): Promise<number> {
  const at = plan.businessCreatedAt;
  const business = await tx.business.create({
    data: { ...DEMO_BUSINESS, passwordHash, phoneVerifiedAt: at, createdAt: at },
    select: { id: true },
  });
  const businessId = business.id;
  const actor = { ...OWNER, actorId: businessId };

  const customers = await tx.customer.createManyAndReturn({
    select: { id: true, membershipNumber: true },
    data: plan.customers.map((c) => ({
      businessId,
      firstName: c.firstName,
      lastName: c.lastName,
      name: `${c.firstName} ${c.lastName}`,
      email: c.email,
      phone: c.phone,
      dateOfBirth: c.dateOfBirth,
      address: c.address,
      postcode: c.postcode,
      membershipNumber: c.membershipNumber,
      totalPoints: c.totalPoints,
      lifetimeSpentPence: c.lifetimeSpentPence,
      lastVisit: c.lastVisit,
      sleepStatus: c.sleepStatus,
      marketingConsentEmail: c.consentEmail,
      marketingConsentSms: c.consentSms,
      marketingConsentPhone: c.consentPhone,
      marketingPreferencesLastUpdatedBy: "customer",
      marketingPreferencesLastUpdatedAt: c.createdAt,
      pointsPerPound: pounds(c.pointsPerPoundMilli),
      phoneVerifiedAt: c.createdAt,
      membershipConfirmedAt: new Date(c.createdAt.getTime() + 2 * MINUTE),
      welcomeEmailSentAt: new Date(c.createdAt.getTime() + 2 * MINUTE),
      createdAt: c.createdAt,
    })),
  });
  const idOf = new Map(customers.map((c) => [c.membershipNumber, c.id]));
  const planned = plan.customers.map((c) => ({ ...c, id: idOf.get(c.membershipNumber)! }));

  await tx.loyaltyCard.createMany({
    data: planned.map((c) => ({
      businessId,
      customerId: c.id,
      membershipNumber: c.membershipNumber,
      cardNumber: c.cardNumber,
      passkitStatus: "fallback",
      lastUsedAt: c.lastVisit,
      passUpdatedAt: c.lastVisit ?? c.createdAt,
      createdAt: c.createdAt,
    })),
  });

  const voucherRows = planned.flatMap((c) => c.vouchers.map((v) => ({ c, v })));
  const vouchers = await tx.voucher.createManyAndReturn({
    select: { id: true, customerId: true, batchId: true },
    data: voucherRows.map(({ c, v }) => ({
      businessId,
      customerId: c.id,
      batchId: v.spec.batchId,
      promoCode: v.spec.promoCode,
      title: v.spec.title,
      description: v.spec.description,
      discountType: v.spec.discountType,
      discountValue: v.spec.discountValue.toFixed(2),
      minSpendPence: v.spec.minSpendPence,
      maxDiscountPence: v.spec.maxDiscountPence,
      expiresAt: v.expiresAt,
      isActive: v.status === "active",
      status: v.status,
      sentByEmail: true,
      redeemedAt: v.redeemedAt,
      createdAt: v.createdAt,
    })),
  });
  const voucherId = new Map(vouchers.map((v) => [`${v.customerId}|${v.batchId}`, v.id]));

  const events = planned.flatMap((c) => c.events.map((e) => ({ c, e }))).sort((a, b) => a.e.at.getTime() - b.e.at.getTime());
  const transactions = await tx.transaction.createManyAndReturn({
    select: { id: true, customerId: true, createdAt: true },
    data: events.map(({ c, e }) => ({
      businessId,
      customerId: c.id,
      type: e.type,
      amountPence: e.amountPence,
      description: e.description,
      pointsEarned: Math.max(0, e.points),
      pointsRedeemed: Math.max(0, -e.points),
      promoCode: e.voucher?.spec.promoCode ?? null,
      discountPence: e.discountPence,
      voucherId: e.voucher ? voucherId.get(`${c.id}|${e.voucher.spec.batchId}`)! : null,
      ...actor,
      createdAt: e.at,
    })),
  });
  // A customer never has two events at the same instant (see demo-plan), so this key is unique.
  const txId = new Map(transactions.map((t) => [`${t.customerId}|${t.createdAt.getTime()}`, t.id]));

  // In time order, so ledger ids follow each customer's balanceAfter sequence.
  await tx.pointsLedgerEntry.createMany({
    data: events.map(({ c, e }) => ({
      businessId,
      customerId: c.id,
      transactionId: txId.get(`${c.id}|${e.at.getTime()}`)!,
      kind: LEDGER_KIND[e.type],
      points: e.points,
      amountPence: e.type === "purchase" ? e.amountPence : 0,
      balanceAfter: e.balanceAfter,
      reason: e.description,
      ...actor,
      createdAt: e.at,
    })),
  });

  await writeSideRecords(tx, businessId, plan, planned);
  return businessId;
}

type SavedCustomer = DemoPlan["customers"][number] & { id: number };

/** Rate change audit, setup checklist, welcome and voucher emails, activity log. */
async function writeSideRecords(tx: Tx, businessId: number, plan: DemoPlan, planned: SavedCustomer[]) {
  const name = DEMO_BUSINESS.name;
  const start = plan.businessCreatedAt.getTime();

  const vip = planned.find((c) => c.pointsPerPoundMilli !== 1000);
  if (vip) {
    await tx.rateChange.create({
      data: {
        businessId,
        customerId: vip.id,
        scope: "customer_rates",
        oldValues: { pointsPerPound: "1.000", redemptionValue: "1.000", minimumRedemption: 100 },
        newValues: { pointsPerPound: pounds(vip.pointsPerPoundMilli), redemptionValue: "1.000", minimumRedemption: 100 },
        reason: "Regular since opening week",
        changedBy: "Demo Owner",
        createdAt: new Date(vip.createdAt.getTime() + MINUTE / 2),
      },
    });
  }

  await tx.setupStep.createMany({
    data: SETUP_STEPS.map((stepId, i) => ({ businessId, stepId, completedAt: new Date(start + (i + 1) * 15 * MINUTE) })),
  });

  const messages = [
    ...planned.map((c) => {
      const sentAt = new Date(c.createdAt.getTime() + 2 * MINUTE);
      const text = `Hi ${c.firstName}, welcome to the ${name} loyalty club! Your membership number is ${c.membershipNumber}. You earn points every time you buy from us.`;
      return { c, emailType: "welcome", subject: `Welcome to ${name} rewards`, text, sentAt };
    }),
    ...planned.flatMap((c) =>
      c.vouchers.map((v) => {
        const text = `Hi ${c.firstName}, here is a treat from ${name}: ${v.spec.title}. Use code ${v.spec.promoCode} at the till.`;
        return { c, emailType: "voucher", subject: `${v.spec.title} - a voucher from ${name}`, text, sentAt: v.createdAt };
      }),
    ),
  ].sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime());
  await tx.outboundMessage.createMany({
    data: messages.map(({ c, emailType, subject, text, sentAt }) => ({
      businessId,
      customerId: c.id,
      channel: "email",
      recipient: c.email,
      emailType,
      subject,
      text,
      html: `<p>${text.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</p>`,
      provider: "simulated",
      simulated: true,
      status: "sent",
      sentAt,
    })),
  });

  const recent = [...planned].sort(byTime).slice(-3);
  const logs = [
    { action: "business_registered", description: `${name} registered`, tableName: "businesses", recordId: String(businessId), createdAt: new Date(start) },
    ...recent.map((c) => ({
      action: "customer_created",
      description: `Added customer ${c.firstName} ${c.lastName}`,
      tableName: "customers",
      recordId: String(c.id),
      createdAt: c.createdAt,
    })),
    ...[...new Map(planned.flatMap((c) => c.vouchers).map((v) => [v.spec.batchId, v])).values()].map((v) => ({
      action: "voucher_batch_created",
      description: `Sent voucher "${v.spec.title}" (${v.spec.promoCode})`,
      tableName: "vouchers",
      recordId: v.spec.batchId,
      createdAt: v.createdAt,
    })),
    ...(vip
      ? [{ action: "customer_rates_updated", description: `Changed rates for ${vip.firstName} ${vip.lastName}`, tableName: "customers", recordId: String(vip.id), createdAt: new Date(vip.createdAt.getTime() + MINUTE / 2) }]
      : []),
  ].sort(byTime);
  await tx.activityLog.createMany({
    data: logs.map((l) => ({ businessId, actorType: "owner", actorId: businessId, actorName: "Demo Owner", ...l })),
  });
}
