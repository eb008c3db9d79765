import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/errors/api-error";
import type { AdminPrincipal } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import { createAdminResetLink } from "@/lib/auth/create-admin-reset-link";
import { applyPlanEvent, withPlanTransaction } from "@/lib/billing/apply-plan-event";
import { adminPlanEvent, planOf } from "@/lib/billing/plan-machine";
import { formatRate, rateForDb } from "@/lib/rules/rates";
import { normaliseUkPhone } from "@/lib/validation/common";
import type { adminUpdateBusinessSchema } from "@/lib/validation/admin";
import type { z } from "zod";
import { countCustomers, toAdminBusinessDto } from "@/lib/admin/list-businesses";

type Input = z.output<typeof adminUpdateBusinessSchema>;
type Fields = Omit<Input, "action">;

const BLOCKING = new Set(["suspended", "closed", "deleted"]);

/** Ends every session of the business's owner and staff: a suspended, closed or deleted account stops at once. */
async function revokeBusinessSessions(tx: Prisma.TransactionClient, businessId: number, now: Date) {
  await tx.session.updateMany({
    where: { revokedAt: null, OR: [{ businessId }, { staffUser: { businessId } }] },
    data: { revokedAt: now },
  });
}

/** A password-reset link for the owner (1 hour, single use), returned to the admin to pass on. */
export async function adminResetPassword(auth: AdminPrincipal, businessId: number, now = new Date()) {
  return db.$transaction(async (tx) => {
    const { url, expiresAt } = await createAdminResetLink(businessId, now, tx);
    await logActivity({ businessId, actor: auth.actor, action: "admin_reset_link", description: "Super admin created a password-reset link (valid 1 hour)", tableName: "businesses", recordId: businessId }, tx);
    return { message: "Password reset link created. It expires in 1 hour.", resetLink: url, expiresAt: expiresAt.toISOString() };
  });
}

/** Edits a business. The founder toggle wins over a subscriptionStatus sent with it: on means
 *  pro_max with the founder limit; off gives a pro_starter business the starter limit. */
export async function adminUpdateBusiness(auth: AdminPrincipal, businessId: number, input: Fields, now = new Date()) {
  const by = auth.actor.name;
  try {
    const updated = await withPlanTransaction(async (tx, mail) => {
      await tx.$queryRaw`SELECT id FROM businesses WHERE id = ${businessId} FOR UPDATE`;
      const before = await tx.business.findFirst({ where: { id: businessId, accountStatus: { not: "deleted" } } });
      if (!before) throw notFound("Business not found");

      const data: Prisma.BusinessUpdateInput = {};
      if (input.name !== undefined) data.name = input.name;
      if (input.email !== undefined) data.email = input.email;
      if (input.phone !== undefined) data.phone = normaliseUkPhone(input.phone);
      if (input.pointsPerPound !== undefined) data.pointsPerPound = rateForDb(input.pointsPerPound);
      if (input.redemptionValue !== undefined) data.redemptionValue = rateForDb(input.redemptionValue);
      if (input.subscriptionPrice !== undefined) data.subscriptionPricePence = input.subscriptionPrice;
      if (input.accountStatus !== undefined && input.accountStatus !== before.accountStatus) {
        Object.assign(data, { accountStatus: input.accountStatus, statusChangedAt: now, statusChangedBy: by });
      }
      if (input.isFounderMember === true && !before.isFounderMember) Object.assign(data, { founderMemberGrantedAt: now, founderMemberGrantedBy: by });
      if (Object.keys(data).length) await tx.business.update({ where: { id: businessId }, data });

      // Plan moves go through the plan machine, exactly as Stripe's do (limits, parking, grace,
      // restore, emails, activity). The founder toggle wins over a subscriptionStatus sent with it.
      const ctx = { actor: auth.actor, now, mail };
      if (input.isFounderMember === true) await applyPlanEvent(tx, businessId, { type: "founder_granted" }, ctx);
      else {
        if (input.isFounderMember === false) await applyPlanEvent(tx, businessId, { type: "founder_revoked" }, ctx);
        // Only a change of status is a plan move: re-sending the current one (a form saving every
        // field) must not re-run it (it would withdraw a pending downgrade or re-park).
        const moved = input.subscriptionStatus !== undefined && input.subscriptionStatus !== before.subscriptionStatus;
        const event = moved ? adminPlanEvent(input.subscriptionStatus!, before.trialEndsAt, now) : null;
        if (event) {
          await applyPlanEvent(tx, businessId, event, ctx);
          // Keep the admin's own label where it names the same plan ("active" for max, "cancelled" for starter).
          const after = await tx.business.findUniqueOrThrow({ where: { id: businessId }, select: { subscriptionStatus: true } });
          if (planOf(after.subscriptionStatus) === planOf(input.subscriptionStatus!)) await tx.business.update({ where: { id: businessId }, data: { subscriptionStatus: input.subscriptionStatus } });
        }
      }
      // An explicit limit is the admin's override, applied after the plan's own limit.
      const limitData = input.customerLimit !== undefined ? { customerLimit: input.customerLimit } : {};
      const after = await tx.business.update({ where: { id: businessId }, data: limitData });
      if (BLOCKING.has(after.accountStatus) && after.accountStatus !== before.accountStatus) await revokeBusinessSessions(tx, businessId, now);

      const view = (b: typeof before) => ({
        name: b.name, email: b.email, phone: b.phone, customerLimit: b.customerLimit, pointsPerPound: formatRate(Number(b.pointsPerPound)),
        redemptionValue: formatRate(Number(b.redemptionValue)), accountStatus: b.accountStatus, subscriptionStatus: b.subscriptionStatus,
        isFounderMember: b.isFounderMember, subscriptionPricePence: b.subscriptionPricePence,
      });
      const oldAll = view(before);
      const newAll = view(after);
      const changed = (Object.keys(newAll) as (keyof typeof newAll)[]).filter((k) => oldAll[k] !== newAll[k]);
      const pick = (o: typeof oldAll) => Object.fromEntries(changed.map((k) => [k, o[k]]));
      const statusNote = after.accountStatus !== before.accountStatus ? ` (account ${after.accountStatus})` : "";
      await logActivity(
        {
          businessId, actor: auth.actor, action: "admin_business_updated",
          description: changed.length ? `Super admin updated ${changed.join(", ")}${statusNote}` : "Super admin saved the business with no changes",
          tableName: "businesses", recordId: businessId, oldValues: pick(oldAll), newValues: pick(newAll),
        },
        tx,
      );
      return after;
    });
    const counts = await countCustomers([businessId]);
    return { message: "Business updated", business: toAdminBusinessDto(updated, counts.get(businessId) ?? 0) };
  } catch (e) {
    if ((e as { code?: string }).code === "P2002") throw conflict("Another business already uses this email address");
    throw e;
  }
}
