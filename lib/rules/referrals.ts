// Pure refer-a-friend rules (issue 26). Messages are shown to staff as "status: body".

export const REFERRAL_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I
export const REFERRAL_CODE_LENGTH = 8;

export const SELF_REFERRAL = "A customer cannot refer themselves";
export const ALREADY_REFERRED = "This customer has already been referred";
export const REPEAT_REFERRAL = "This phone number, email or device has already been used for a referral";
export const CAP_REACHED = "This customer has reached this month's referral limit";
export const NOT_NEW = "Only a new customer who has not made a purchase yet can be referred";
export const CODE_NOT_FOUND = "Referral code not found";
export const REFERRALS_OFF = "Refer a friend is switched off for this business";
export const REFERRER_INACTIVE = "The referring customer's account cannot take referrals";
export const REFERRAL_CODE_FORMAT = "A referral code has 8 letters and numbers";

/** The link a customer shares (the /r/CODE page), under the app's address (appUrl() from lib/env). */
export const referralLink = (appUrl: string, code: string) => `${appUrl}/r/${code}`;

export const normaliseEmail = (e: string) => e.trim().toLowerCase();
export const normaliseCode = (c: string) => c.trim().toUpperCase().replace(/[\s-]/g, "");

/** A code from random bytes (one byte per character; 256 % 32 = 0, so unbiased). */
export function referralCodeFrom(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) s += REFERRAL_CODE_ALPHABET[bytes[i] % REFERRAL_CODE_ALPHABET.length];
  return s;
}

/** The first day of the calendar month (UTC) the cap counts in. */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

type Person = { id: number; email: string; phone: string };

/** Why a friend may not be credited to a referrer, or null. `seen` = earlier referrals in the business
 *  with the same email, phone or device; `thisMonth` = referrals the referrer made this month. */
export function referralRefusal(a: {
  referrer: Person;
  friend: Person & { alreadyReferred: boolean; hasPurchased: boolean };
  referrerDevice?: string | null;
  device?: string | null;
  seen: number;
  thisMonth: number;
  cap: number;
}): string | null {
  const { referrer, friend } = a;
  if (referrer.id === friend.id || normaliseEmail(referrer.email) === normaliseEmail(friend.email) || referrer.phone === friend.phone) return SELF_REFERRAL;
  if (a.device && a.referrerDevice && a.device === a.referrerDevice) return SELF_REFERRAL;
  if (friend.alreadyReferred) return ALREADY_REFERRED;
  if (friend.hasPurchased) return NOT_NEW;
  if (a.seen > 0) return REPEAT_REFERRAL;
  if (a.thisMonth >= a.cap) return CAP_REACHED;
  return null;
}
