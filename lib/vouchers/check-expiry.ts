import "server-only";
import { badRequest } from "@/lib/errors/api-error";
import { expiryPickerRange, isExpiryDayPast } from "@/lib/rules/vouchers";

/** The chosen expiry day must not be over yet (it lasts until 23:59:59 UK time) and lies within the
 *  picker's range (this year plus 10). */
export function checkExpiryDay(day: string, now: Date, pastMessage: string) {
  if (isExpiryDayPast(day, now)) throw badRequest(pastMessage);
  if (day > expiryPickerRange(now).max) throw badRequest("expiry date must be within the next 10 years");
}
