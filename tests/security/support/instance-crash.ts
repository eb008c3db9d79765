import { db } from "@/lib/db";
import { recordTally } from "./tally";
import { request } from "./instance-process";

// Crash safety (issue 11 item 5), shared by the crash tests: a transaction load that records every
// acknowledged write, and the checks made after the server was killed and a new one started.

const WORKERS = 8;

export type Ack = { transactionId: number; customerId: number; type: string; pointsEarned: number; pointsRedeemed: number };

/** What a transaction's ledger rows add up to: a gift moves points between two customers (net 0). */
const expectedNet = (t: { type: string; pointsEarned: number; pointsRedeemed: number }) => (t.type === "gift_points" ? 0 : t.pointsEarned - t.pointsRedeemed);

/** Sends purchases, redemptions and gifts from WORKERS loops until the server stops answering. */
export async function transactionLoad(url: string, cookie: string, customerIds: number[], acks: Ack[], onAck: () => void) {
  let sent = 0;
  const worker = async (w: number) => {
    for (let i = 0; ; i++) {
      const customerId = customerIds[(w + i) % customerIds.length];
      const other = customerIds[(w + i + 1) % customerIds.length];
      const body =
        i % 4 === 2
          ? { customerId, type: "points_redemption", pointsToRedeem: 100 }
          : i % 4 === 3
            ? { customerId, type: "gift_points", recipientCustomerId: other, giftPoints: 5 } // two customers' rows in one transaction
            : { customerId, type: "purchase", amount: `${1 + ((w * 7 + i) % 20)}.${String(i % 100).padStart(2, "0")}` };
      sent++;
      const res = await request<{ transaction: { id: number; type: string; pointsEarned: number; pointsRedeemed: number } }>(url, "/api/transactions", { cookie, body });
      if (res.status === 0) return; // the server is gone: this request's fate is unknown, never acknowledged
      if (res.status >= 500) recordTally("serverErrors");
      if (res.status === 201) {
        const t = res.json.transaction;
        acks.push({ transactionId: t.id, customerId, type: t.type, pointsEarned: t.pointsEarned, pointsRedeemed: t.pointsRedeemed });
        onAck();
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  return { sent };
}

/** After the crash: acknowledged transactions missing or with wrong ledger rows, transactions of the
 *  business half written, and customers whose balance is not their ledger sum. Records `lost`. */
export async function findLostWrites(businessId: number, acks: Ack[]) {
  const ackIds = acks.map((x) => x.transactionId);
  const found = new Set((await db.transaction.findMany({ where: { id: { in: ackIds } }, select: { id: true } })).map((t) => t.id));
  const missing = acks.filter((x) => !found.has(x.transactionId));

  const all = await db.transaction.findMany({ where: { businessId }, select: { id: true, type: true, pointsEarned: true, pointsRedeemed: true } });
  const rows = await db.pointsLedgerEntry.groupBy({ by: ["transactionId"], where: { transactionId: { in: all.map((t) => t.id) } }, _sum: { points: true }, _count: { _all: true } });
  const net = new Map(rows.map((g) => [g.transactionId, g._sum.points ?? 0]));
  const count = new Map(rows.map((g) => [g.transactionId, g._count._all]));
  // Each acknowledged transaction's rows add up to what its answer said it did.
  const wrongLedger = acks.filter((x) => found.has(x.transactionId) && (net.get(x.transactionId) ?? 0) !== expectedNet(x));
  // No transaction without its ledger rows; a gift is two rows (out and in) or none.
  const halfWritten = all.filter((t) => (net.get(t.id) ?? 0) !== expectedNet(t) || (t.type === "gift_points" && count.get(t.id) !== 2));
  const balances = await db.$queryRaw<{ id: number; totalPoints: number; ledger: bigint | null }[]>`
    SELECT c.id, c."totalPoints", (SELECT SUM(points) FROM points_ledger l WHERE l."customerId" = c.id) AS ledger
    FROM customers c WHERE c."businessId" = ${businessId}`;
  const mismatched = balances.filter((c) => Number(c.ledger ?? 0) !== c.totalPoints);

  recordTally("lost", missing.length + wrongLedger.length + halfWritten.length + mismatched.length);
  return { missing, wrongLedger, halfWritten, mismatched };
}

export const NOTHING_LOST = { missing: [], wrongLedger: [], halfWritten: [], mismatched: [] };
