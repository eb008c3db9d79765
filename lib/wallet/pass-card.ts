import "server-only";
import { db } from "@/lib/db";

// What a wallet pass shows, read in one query: the card, its customer's name and balance, and the
// business name. Passes are always built from the current rows, so a download shows today's balance.

export const passCardSelect = {
  id: true,
  businessId: true,
  membershipNumber: true,
  cardNumber: true,
  appleAuthToken: true,
  googleObjectId: true,
  passUpdatedAt: true,
  customer: { select: { name: true, totalPoints: true, accountStatus: true, tierName: true, referralCode: true } }, // tier, referral: issue 26
  business: { select: { name: true, tierSettings: { select: { enabled: true } }, referralSettings: { select: { enabled: true } } } },
} as const;

export type PassCard = {
  id: number;
  businessId: number;
  membershipNumber: string;
  cardNumber: string;
  appleAuthToken: string | null;
  googleObjectId: string | null;
  passUpdatedAt: Date;
  customer: { name: string; totalPoints: number; accountStatus: string; tierName?: string | null; referralCode?: string | null };
  business: { name: string; tierSettings?: { enabled: boolean } | null; referralSettings?: { enabled: boolean } | null };
};

export function findPassCardById(id: number): Promise<PassCard | null> {
  return db.loyaltyCard.findUnique({ where: { id }, select: passCardSelect });
}

export function findPassCardByMembershipNumber(membershipNumber: string): Promise<PassCard | null> {
  return db.loyaltyCard.findUnique({ where: { membershipNumber }, select: passCardSelect });
}
