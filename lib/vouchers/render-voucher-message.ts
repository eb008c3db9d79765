import "server-only";
import { appUrl } from "@/lib/env";
import { voucherEmail, type VoucherContent } from "@/lib/email/templates/voucher-email";
import type { EmailContent } from "@/lib/email/render-email";
import { formatVoucherDiscount } from "@/lib/rules/vouchers";
import { formatDate, formatGBP } from "@/lib/rules/format";

// The voucher email (template: lib/email/templates/voucher-email.tsx) and SMS. Both link to the
// preferences page where the customer can withdraw consent (marketing messages need it).

export type { VoucherContent };

export const preferencesUrl = () => `${appUrl()}/customer-preferences`;

export function renderVoucherEmail(v: VoucherContent, businessName: string, firstName: string, kind: "new" | "updated" = "new"): EmailContent {
  return voucherEmail({ voucher: v, businessName, firstName, kind, preferencesUrl: preferencesUrl() });
}

/** A short text (one or two SMS segments). */
export function renderVoucherSms(v: VoucherContent, businessName: string): string {
  const expiry = v.expiresAt ? ` by ${formatDate(v.expiresAt)}` : "";
  const min = v.minSpendPence ? ` (min spend ${formatGBP(v.minSpendPence)})` : "";
  return `${businessName}: ${v.title} - ${formatVoucherDiscount(v.discountType, v.discountValue)}${min}. Use code ${v.promoCode}${expiry}. Opt out: ${preferencesUrl()}`;
}
