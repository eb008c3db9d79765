import "server-only";
import { db } from "@/lib/db";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import { AUTOMATION_KINDS, AUTOMATION_LABELS, defaultAutomation, type AutomationKind } from "@/lib/automations/automation-rules";
import type { AutomationUpdate } from "@/lib/automations/automation-update-schema";

// The business's four automations: stored rows where the owner has saved one, defaults (off) otherwise.

const FIELDS = { id: true, kind: true, enabled: true, sendEmail: true, sendSms: true, subject: true, body: true, daysBefore: true, rewardType: true, rewardPoints: true, voucherPercent: true, inactiveDays: true, pointsWithin: true, updatedAt: true } as const;

export async function listAutomations(businessId: number) {
  const rows = await db.automation.findMany({ where: { businessId }, select: FIELDS });
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return {
    automations: AUTOMATION_KINDS.map((kind) => ({ ...defaultAutomation(kind), updatedAt: null as Date | null, ...byKind.get(kind), ...AUTOMATION_LABELS[kind] })),
  };
}

export async function updateAutomation(auth: BusinessPrincipal, kind: AutomationKind, input: AutomationUpdate) {
  const saved = await db.automation.upsert({
    where: { businessId_kind: { businessId: auth.businessId, kind } },
    create: { businessId: auth.businessId, kind, ...input },
    update: input,
    select: FIELDS,
  });
  await logActivity({
    businessId: auth.businessId,
    actor: auth.actor,
    action: "automation_updated",
    description: `${input.enabled ? "Switched on" : "Saved (off)"} the ${AUTOMATION_LABELS[kind].title} automation`,
    tableName: "automations",
    recordId: saved.id,
    newValues: { kind, ...input },
  });
  return { automation: { ...saved, ...AUTOMATION_LABELS[kind] } };
}

/** The log: what was sent to whom and why, newest first (keyset by id). */
export async function listAutomationSends(businessId: number, opts: { kind?: AutomationKind; before?: bigint; limit: number }) {
  const rows = await db.automationSend.findMany({
    where: { businessId, ...(opts.kind ? { kind: opts.kind } : {}), ...(opts.before ? { id: { lt: opts.before } } : {}) },
    orderBy: { id: "desc" },
    take: opts.limit,
    select: { id: true, kind: true, occasion: true, reason: true, sentByEmail: true, sentBySms: true, rewardPoints: true, voucherId: true, status: true, note: true, createdAt: true, customer: { select: { id: true, name: true } } },
  });
  return { sends: rows.map((r) => ({ ...r, id: r.id.toString() })), nextBefore: rows.length === opts.limit ? rows[rows.length - 1].id.toString() : null };
}
