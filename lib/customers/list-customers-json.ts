import "server-only";
import { db } from "@/lib/db";

// GET /api/customers for a business with thousands of customers: PostgreSQL builds the JSON array
// itself (one join, only the columns CustomerDto needs), so no rows are mapped in JavaScript and the
// text goes straight into the response. Same shape as toCustomerDto (a test holds them equal).

const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const SQL = `
SELECT coalesce(json_agg(json_build_object(
  'id', c.id, 'name', c.name, 'firstName', c."firstName", 'lastName', c."lastName",
  'email', c.email, 'phone', c.phone, 'dateOfBirth', to_char(c."dateOfBirth", 'YYYY-MM-DD'),
  'membershipNumber', c."membershipNumber", 'totalPoints', c."totalPoints",
  'lifetimeSpent', to_char(c."lifetimeSpentPence" / 100.0, 'FM999999999990.00'),
  'lastVisit', ${iso('c."lastVisit"')}, 'createdAt', ${iso('c."createdAt"')},
  'accountStatus', c."accountStatus", 'sleepStatus', c."sleepStatus",
  'marketingConsentEmail', c."marketingConsentEmail", 'marketingConsentSms', c."marketingConsentSms",
  'marketingPreferencesLastUpdatedBy', c."marketingPreferencesLastUpdatedBy",
  'marketingPreferencesLastUpdatedAt', ${iso('c."marketingPreferencesLastUpdatedAt"')},
  'pointsPerPound', c."pointsPerPound"::float8,
  -- formatRate: two decimals, a third only when it is set ("1.00", "0.125")
  'redemptionValue', CASE WHEN c."redemptionValue" * 100 = trunc(c."redemptionValue" * 100)
    THEN to_char(c."redemptionValue", 'FM999999990.00') ELSE to_char(c."redemptionValue", 'FM999999990.000') END,
  'minimumRedemption', c."minimumRedemption", 'closedAt', ${iso('c."closedAt"')},
  'isParked', c."parkedAt" IS NOT NULL,
  'applePassUrl', lc."applePassUrl", 'googlePassUrl', lc."googlePassUrl", 'passkitStatus', lc."passkitStatus"
) ORDER BY c."createdAt" DESC, c.id DESC), '[]')::text AS json
FROM customers c LEFT JOIN loyalty_cards lc ON lc."customerId" = c.id
WHERE c."businessId" = $1 AND c."parkedAt" IS NULL AND c."accountStatus" <> 'archived'`;

export async function listCustomersJson(businessId: number): Promise<string> {
  const rows = await db.$queryRawUnsafe<{ json: string }[]>(SQL, businessId);
  return rows[0]?.json ?? "[]";
}
