import "server-only";
import { appUrl } from "@/lib/env";
import { emailLayout, escapeHtml } from "@/lib/email/html";
import { formatVoucherDiscount } from "@/lib/rules/vouchers";
import { formatDate, formatGBP } from "@/lib/utils";

// The voucher email and SMS. Every value that came from a person is escaped; the footer links to
// the preferences page where the customer can withdraw consent (marketing messages need it).

export type VoucherContent = {
  title: string;
  description: string | null;
  promoCode: string;
  discountType: string;
  discountValue: number;
  minSpendPence: number | null;
  maxDiscountPence: number | null;
  expiresAt: Date | null;
};

export type VoucherEmail = { subject: string; html: string; text: string };

export const preferencesUrl = () => `${appUrl()}/customer-preferences`;

function terms(v: VoucherContent): string[] {
  const lines = [] as string[];
  if (v.minSpendPence) lines.push(`Minimum spend ${formatGBP(v.minSpendPence)}.`);
  if (v.discountType === "percentage" && v.maxDiscountPence) lines.push(`Up to ${formatGBP(v.maxDiscountPence)} off.`);
  lines.push(v.expiresAt ? `Valid until ${formatDate(v.expiresAt)}.` : "No expiry date.");
  return lines;
}

export function renderVoucherEmail(v: VoucherContent, businessName: string, firstName: string, kind: "new" | "updated" = "new"): VoucherEmail {
  const discount = formatVoucherDiscount(v.discountType, v.discountValue);
  const subject = kind === "new" ? `${v.title} - a voucher from ${businessName}` : `Your voucher from ${businessName} has been updated`;
  const intro =
    kind === "new"
      ? `Hi ${firstName}, here is a treat from ${businessName}.`
      : `Hi ${firstName}, ${businessName} has updated your voucher. Here are the new details.`;
  const prefs = preferencesUrl();
  const body = `
<p>${escapeHtml(intro)}</p>
<h1 style="font-size:22px;margin:16px 0 4px">${escapeHtml(v.title)}</h1>
${v.description ? `<p style="margin:0 0 12px">${escapeHtml(v.description)}</p>` : ""}
<p style="font-size:20px;font-weight:bold;margin:12px 0">${escapeHtml(discount)}</p>
<p style="text-align:center;margin:16px 0"><span style="display:inline-block;border:2px dashed #0f6b6b;border-radius:8px;padding:10px 18px;font-size:20px;letter-spacing:2px"><strong>${escapeHtml(v.promoCode)}</strong></span></p>
<p>Show this code at the till to use your voucher.</p>
<p style="font-size:14px;color:#6b5e57">${terms(v).map(escapeHtml).join(" ")}</p>`;
  const footer = `You are receiving this because you agreed to receive offers from ${escapeHtml(businessName)}. <a href="${escapeHtml(prefs)}">Manage your marketing preferences</a> at any time.`;
  const text = [
    intro,
    "",
    v.title,
    v.description ?? "",
    discount,
    `Code: ${v.promoCode}`,
    ...terms(v),
    "",
    `Manage your marketing preferences: ${prefs}`,
  ]
    .filter((line, i, all) => line !== "" || all[i - 1] !== "")
    .join("\n");
  return { subject, html: emailLayout(subject, body, footer), text };
}

/** A short text (one or two SMS segments). */
export function renderVoucherSms(v: VoucherContent, businessName: string): string {
  const expiry = v.expiresAt ? ` by ${formatDate(v.expiresAt)}` : "";
  const min = v.minSpendPence ? ` (min spend ${formatGBP(v.minSpendPence)})` : "";
  return `${businessName}: ${v.title} - ${formatVoucherDiscount(v.discountType, v.discountValue)}${min}. Use code ${v.promoCode}${expiry}. Opt out: ${preferencesUrl()}`;
}
