import "server-only";
import { log } from "@/lib/log";
import { db, type Tx } from "@/lib/db";
import { SYSTEM_ACTOR, type Actor } from "@/lib/activity/actor";
import { logActivity } from "@/lib/activity/log-activity";
import { sendEmail } from "@/lib/email/send-email";
import { movedToStarterEmail, paymentFailedEmail } from "@/lib/email/templates/plan-emails";
import { formatDate } from "@/lib/rules/format";
import { graceEndsAt, planOf, transition, type PlanEmailTemplate, type PlanEvent, type PlanState } from "@/lib/billing/plan-machine";
import { parkExcessCustomers } from "@/lib/billing/park-customers";
import { restoreParkedCustomers } from "@/lib/billing/restore-parked-customers";

// Runs one plan event against the database: the business row is locked (SELECT ... FOR UPDATE,
// the same lock the add-customer and reactivation paths take, so limits hold under concurrency),
// the machine decides, and the fields, the parkings, the activity row and the queued emails all
// belong to the caller's transaction. Emails go out only after the transaction commits
// (withPlanTransaction), so a rolled-back change never mails anybody.

export type PlanMail = { businessId: number; to: string; template: PlanEmailTemplate; paymentFailedAt: Date | null; parked: number };
export type PlanContext = { actor?: Actor; now: Date; mail: PlanMail[] };

const STATE_FIELDS = {
  id: true, email: true, subscriptionStatus: true, isFounderMember: true, customerLimit: true, paymentFailedAt: true,
  downgradeRequestedAt: true, downgradeEffectiveAt: true, trialEndsAt: true, stripeSubscriptionId: true, stripeCustomerId: true,
} as const;

/** Locks the business row for the rest of the transaction and answers its plan state (null: no such business). */
export async function lockPlanState(tx: Tx, businessId: number) {
  await tx.$queryRaw`SELECT id FROM businesses WHERE id = ${businessId} FOR UPDATE`;
  return tx.business.findUnique({ where: { id: businessId }, select: STATE_FIELDS });
}

export type ApplyResult = { changed: boolean; plan: string; parked: number; restored: number };

export async function applyPlanEvent(tx: Tx, businessId: number, event: PlanEvent, ctx: PlanContext): Promise<ApplyResult> {
  const row = await lockPlanState(tx, businessId);
  if (!row) return { changed: false, plan: "unknown", parked: 0, restored: 0 };
  const before: PlanState = row;
  const outcome = transition(before, event, ctx.now);
  if (!outcome) return { changed: false, plan: before.subscriptionStatus, parked: 0, restored: 0 };

  const stripeCustomerId = event.type === "upgrade_paid" && event.stripeCustomerId ? { stripeCustomerId: event.stripeCustomerId } : {};
  const after = await tx.business.update({ where: { id: businessId }, data: { ...outcome.patch, ...stripeCustomerId }, select: STATE_FIELDS });
  let parked = 0;
  let restored = 0;
  for (const effect of outcome.effects) {
    if (effect.kind === "park_excess") parked += await parkExcessCustomers(tx, businessId, effect.reason, ctx.now);
    else if (effect.kind === "restore_parked") restored += await restoreParkedCustomers(tx, businessId, effect.reasons, ctx.now);
    else if (effect.kind === "convert_referral") {
      await tx.referral.updateMany({ where: { referredBusinessId: businessId, trialStatus: "active" }, data: { trialStatus: "converted", convertedAt: ctx.now } });
    } else ctx.mail.push({ businessId, to: after.email, template: effect.template, paymentFailedAt: after.paymentFailedAt, parked: 0 });
  }
  for (const m of ctx.mail) if (m.businessId === businessId && m.template === "moved_to_starter") m.parked = parked;

  if (outcome.activity) {
    const counts = [restored ? `${restored} parked customer${restored === 1 ? "" : "s"} restored` : "", parked ? `${parked} parked` : ""].filter(Boolean).join("; ");
    await logActivity(
      {
        businessId,
        actor: ctx.actor ?? SYSTEM_ACTOR,
        action: outcome.activity.action,
        description: counts ? `${outcome.activity.description}; ${counts}` : outcome.activity.description,
        tableName: "businesses",
        recordId: businessId,
        oldValues: { subscriptionStatus: before.subscriptionStatus, plan: planOf(before.subscriptionStatus) },
        newValues: { subscriptionStatus: after.subscriptionStatus, event: event.type, parked, restored, paymentFailedAt: after.paymentFailedAt?.toISOString() ?? null },
      },
      tx,
    );
  }
  return { changed: true, plan: after.subscriptionStatus, parked, restored };
}

/** A transaction for plan changes; the emails they queue are sent once it has committed. */
export async function withPlanTransaction<T>(fn: (tx: Tx, mail: PlanMail[]) => Promise<T>): Promise<T> {
  const mail: PlanMail[] = [];
  const result = await db.$transaction((tx) => fn(tx, mail));
  for (const m of mail) await sendPlanEmail(m).catch((e) => log.error({ source: "billing", businessId: m.businessId, err: e }, "plan email failed"));
  return result;
}

async function sendPlanEmail(m: PlanMail) {
  const email = m.template === "payment_failed" ? paymentFailedEmail(formatDate(graceEndsAt(m.paymentFailedAt ?? new Date()))) : movedToStarterEmail(m.parked);
  await sendEmail({ to: m.to, email, emailType: `billing_${m.template}`, businessId: m.businessId });
}
