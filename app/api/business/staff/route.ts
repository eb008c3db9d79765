import { businessRoute, json } from "@/lib/api/route";
import { createStaffSchema } from "@/lib/validation/staff-accounts";
import { listStaffAccounts } from "@/lib/staff/list-staff-accounts";
import { createStaffAccount } from "@/lib/staff/create-staff-account";

// GET /api/business/staff - the business's staff logins and the staff login link
export const GET = businessRoute({}, ({ auth }) => listStaffAccounts(auth.businessId));

// POST /api/business/staff - create a staff login (username unique within the business)
export const POST = businessRoute({ body: createStaffSchema }, async ({ auth, body }) => json(await createStaffAccount(auth, body), 201));
