import { db } from "@/lib/db";

// What the database must never hold, whatever was sent to the API: each query returns the
// offending rows (empty = the invariant holds). Run after the fuzzer.
const CHECKS: Record<string, string> = {
  "negative balance": `SELECT id FROM customers WHERE "totalPoints" < 0`,
  "balance differs from the ledger": `
    SELECT c.id FROM customers c LEFT JOIN (SELECT "customerId", sum(points) s FROM points_ledger GROUP BY 1) l ON l."customerId" = c.id
    WHERE c."totalPoints" <> coalesce(l.s, 0)`,
  "ledger row of another business's customer": `SELECT l.id FROM points_ledger l JOIN customers c ON c.id = l."customerId" WHERE l."businessId" <> c."businessId"`,
  "negative ledger balance": `SELECT id FROM points_ledger WHERE "balanceAfter" < 0`,
  "transaction of another business's customer": `SELECT t.id FROM transactions t JOIN customers c ON c.id = t."customerId" WHERE t."businessId" <> c."businessId"`,
  "gift to another business's customer": `SELECT t.id FROM transactions t JOIN customers r ON r.id = t."recipientCustomerId" WHERE t."businessId" <> r."businessId"`,
  "negative transaction figures": `SELECT id FROM transactions WHERE "pointsEarned" < 0 OR "pointsRedeemed" < 0 OR "amountPence" < 0 OR "discountPence" < 0`,
  "voucher of another business's customer": `SELECT v.id FROM vouchers v JOIN customers c ON c.id = v."customerId" WHERE v."businessId" <> c."businessId"`,
  "voucher without a positive discount": `SELECT id FROM vouchers WHERE "discountValue" <= 0 OR "minSpendPence" < 0 OR "maxDiscountPence" < 0`,
  "card of another business's customer": `SELECT k.id FROM loyalty_cards k JOIN customers c ON c.id = k."customerId" WHERE k."businessId" <> c."businessId"`,
  "customer with impossible rates": `SELECT id::text || ' ' || concat_ws('/', "pointsPerPound", "redemptionValue", "minimumRedemption", "lifetimeSpentPence") AS id FROM customers WHERE "pointsPerPound" <= 0 OR "redemptionValue" < 0 OR "minimumRedemption" < 0 OR "lifetimeSpentPence" < 0`,
  "business with impossible rates": `SELECT id::text || ' ' || concat_ws('/', "pointsPerPound", "redemptionValue", "minimumRedemption", "customerLimit", "newCustomerPointsPerPound", "newCustomerRedemptionValue") AS id FROM businesses WHERE "pointsPerPound" <= 0 OR "redemptionValue" < 0 OR "minimumRedemption" < 0 OR "customerLimit" < 0 OR "newCustomerPointsPerPound" <= 0 OR "newCustomerRedemptionValue" < 0`,
  "customer without a name or contact": `SELECT id FROM customers WHERE btrim(name) = '' OR btrim("firstName") = '' OR btrim(email) = '' OR btrim(phone) = ''`,
  "customer email or phone of absurd length": `SELECT id FROM customers WHERE length(email) > 254 OR length(phone) > 32 OR length(name) > 500`,
  "chat message without its session": `SELECT m.id FROM chat_messages m LEFT JOIN chat_sessions s ON s.id = m."sessionId" WHERE s.id IS NULL`,
};

export async function checkDatabaseInvariants(): Promise<{ broken: string[]; ledgerMismatches: number }> {
  const broken: string[] = [];
  let ledgerMismatches = 0;
  for (const [name, sql] of Object.entries(CHECKS)) {
    const rows = await db.$queryRawUnsafe<{ id: number | bigint | string }[]>(`${sql} LIMIT 20`);
    if (rows.length) {
      broken.push(`${name}: ${rows.map((r) => String(r.id)).join(", ")}`);
      if (name === "balance differs from the ledger") ledgerMismatches = rows.length;
    }
  }
  return { broken, ledgerMismatches };
}
