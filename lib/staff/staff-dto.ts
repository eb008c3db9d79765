import type { StaffUser } from "@/generated/prisma/client";

// A staff login as the owner sees it: never the password hash.
export type StaffAccountDto = { id: number; username: string; createdAt: string; updatedAt: string; lastLoginAt: string | null };

export function toStaffAccountDto(s: Pick<StaffUser, "id" | "username" | "createdAt" | "updatedAt" | "lastLoginAt">): StaffAccountDto {
  return { id: s.id, username: s.username, createdAt: s.createdAt.toISOString(), updatedAt: s.updatedAt.toISOString(), lastLoginAt: s.lastLoginAt?.toISOString() ?? null };
}

/** Where staff sign in: the business ID is prefilled (spec 3 section 2, /staff/login?business=). */
export const staffLoginPath = (businessId: number) => `/staff/login?business=${businessId}`;

export type StaffListDto = { businessId: number; loginPath: string; staff: StaffAccountDto[] };
