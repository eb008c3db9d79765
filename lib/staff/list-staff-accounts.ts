import "server-only";
import { db } from "@/lib/db";
import { staffLoginPath, toStaffAccountDto, type StaffListDto } from "@/lib/staff/staff-dto";

/** GET /api/business/staff: the business's staff logins, oldest first, and where they sign in. */
export async function listStaffAccounts(businessId: number): Promise<StaffListDto> {
  const staff = await db.staffUser.findMany({ where: { businessId }, orderBy: { id: "asc" } });
  return { businessId, loginPath: staffLoginPath(businessId), staff: staff.map(toStaffAccountDto) };
}
