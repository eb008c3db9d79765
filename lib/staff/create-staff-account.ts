import "server-only";
import { db } from "@/lib/db";
import { conflict } from "@/lib/errors/api-error";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { hashPassword } from "@/lib/auth/password";
import { logActivity } from "@/lib/activity/log-activity";
import { toStaffAccountDto } from "@/lib/staff/staff-dto";
import type { CreateStaffInput } from "@/lib/validation/staff-accounts";

export const MAX_STAFF_ACCOUNTS = 50;
export const USERNAME_TAKEN = "A staff login with this username already exists";

// POST /api/business/staff. Usernames are unique within the business regardless of case ("Till1"
// and "till1" would be confusing at the till); the database's unique index backs the check up
// against two requests at once.
export async function createStaffAccount(auth: BusinessPrincipal, input: CreateStaffInput) {
  const businessId = auth.businessId;
  const taken = await db.staffUser.findFirst({ where: { businessId, username: { equals: input.username, mode: "insensitive" } }, select: { id: true } });
  if (taken) throw conflict(USERNAME_TAKEN);
  if ((await db.staffUser.count({ where: { businessId } })) >= MAX_STAFF_ACCOUNTS) {
    throw conflict(`A business can have at most ${MAX_STAFF_ACCOUNTS} staff logins. Remove one you no longer use first.`);
  }
  const passwordHash = await hashPassword(input.password);
  try {
    const staff = await db.$transaction(async (tx) => {
      const created = await tx.staffUser.create({ data: { businessId, username: input.username, passwordHash } });
      await logActivity(
        {
          businessId,
          actor: auth.actor,
          action: "staff_account_created",
          description: `Created the staff login "${created.username}"`,
          tableName: "staff_users",
          recordId: created.id,
          newValues: { username: created.username },
        },
        tx,
      );
      return created;
    });
    return { message: "Staff login created", staff: toStaffAccountDto(staff) };
  } catch (e) {
    if ((e as { code?: string }).code === "P2002") throw conflict(USERNAME_TAKEN);
    throw e;
  }
}
