import "server-only";
import type { Tx } from "@/lib/db";

export const INT4_MAX = 2_147_483_647; // business ids are int4: a larger number in metadata is simply not ours

/** Stripe's `created` (seconds) as a date; a missing or bad value reads as the time of delivery. */
export const eventTime = (created: unknown, now: Date) => (typeof created === "number" && Number.isFinite(created) && created > 0 ? new Date(created * 1000) : now);

type Ref = string | { id: string } | null | undefined;
export const refId = (ref: Ref) => (typeof ref === "string" ? ref : (ref?.id ?? null));

/** The business an event is about: our metadata first, then the Stripe customer or subscription. */
export async function resolveBusinessId(tx: Tx, opts: { metadata?: Record<string, string> | null; customer?: Ref; subscription?: Ref }): Promise<number | null> {
  const fromMeta = Number(opts.metadata?.businessId);
  if (Number.isInteger(fromMeta) && fromMeta > 0 && fromMeta <= INT4_MAX && (await tx.business.count({ where: { id: fromMeta } }))) return fromMeta;
  const customer = refId(opts.customer);
  const subscription = refId(opts.subscription);
  const or = [...(customer ? [{ stripeCustomerId: customer }] : []), ...(subscription ? [{ stripeSubscriptionId: subscription }] : [])];
  if (!or.length) return null;
  const b = await tx.business.findFirst({ where: { OR: or }, select: { id: true } });
  return b?.id ?? null;
}
