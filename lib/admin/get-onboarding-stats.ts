import "server-only";
import { db } from "@/lib/db";

// The dashboard's "revenue and onboarding" counts (issue 23): counted by the database, not from
// every business's row in the browser. Deleted businesses are left out, as everywhere in the admin;
// a business "with customers" has at least one customer whose account is not closed (the same rule
// as each business's customerCount in GET /api/admin/businesses).

export type OnboardingStats = { totalBusinesses: number; withCustomers: number; founderMembers: number };

export async function getOnboardingStats(): Promise<OnboardingStats> {
  const rows = await db.$queryRawUnsafe<{ total: number; with_customers: number; founders: number }[]>(`
SELECT count(*)::int AS total,
  count(*) FILTER (WHERE EXISTS (SELECT 1 FROM customers c WHERE c."businessId" = b.id AND c."accountStatus" <> 'closed'))::int AS with_customers,
  count(*) FILTER (WHERE b."isFounderMember")::int AS founders
FROM businesses b WHERE b."accountStatus" <> 'deleted'`);
  const r = rows[0];
  return { totalBusinesses: Number(r?.total ?? 0), withCustomers: Number(r?.with_customers ?? 0), founderMembers: Number(r?.founders ?? 0) };
}
