import { Link } from "@react-email/components";
import { centred, EmailHeading, EmailLayout, P } from "@/lib/email/templates/layout";
import type { EmailContent } from "@/lib/email/render-email";
import { formatVoucherDiscount } from "@/lib/rules/vouchers";
import { formatDate, formatGBP } from "@/lib/rules/format";

// The voucher email (new or updated). Marketing: the footer links to the preferences page where the
// customer can withdraw consent. lib/vouchers/render-voucher-message.ts supplies the link.

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

export type VoucherEmailProps = { voucher: VoucherContent; businessName: string; firstName: string; kind: "new" | "updated"; preferencesUrl: string };

export function voucherTerms(v: VoucherContent): string[] {
  const lines = [] as string[];
  if (v.minSpendPence) lines.push(`Minimum spend ${formatGBP(v.minSpendPence)}.`);
  if (v.discountType === "percentage" && v.maxDiscountPence) lines.push(`Up to ${formatGBP(v.maxDiscountPence)} off.`);
  lines.push(v.expiresAt ? `Valid until ${formatDate(v.expiresAt)}.` : "No expiry date.");
  return lines;
}

export function VoucherEmail({ voucher: v, businessName, firstName, kind, preferencesUrl }: VoucherEmailProps) {
  const intro = kind === "new" ? `Hi ${firstName}, here is a treat from ${businessName}.` : `Hi ${firstName}, ${businessName} has updated your voucher. Here are the new details.`;
  return (
    <EmailLayout
      title={voucherSubject(v, businessName, kind)}
      footer={
        <>
          {`You are receiving this because you agreed to receive offers from ${businessName}. `}
          <Link href={preferencesUrl}>Manage your marketing preferences</Link> at any time.
        </>
      }
    >
      <P>{intro}</P>
      <EmailHeading>{v.title}</EmailHeading>
      {v.description && <P>{v.description}</P>}
      <P style={{ fontSize: "20px", fontWeight: "bold", margin: "12px 0" }}>{formatVoucherDiscount(v.discountType, v.discountValue)}</P>
      <P style={{ ...centred, margin: "16px 0" }}>
        <span style={{ display: "inline-block", border: "2px dashed #0f6b6b", borderRadius: "8px", padding: "10px 18px", fontSize: "20px", letterSpacing: "2px" }}>
          Code: <strong>{v.promoCode}</strong>
        </span>
      </P>
      <P>Show this code at the till to use your voucher.</P>
      <P style={{ fontSize: "14px", color: "#6b5e57" }}>{voucherTerms(v).join(" ")}</P>
    </EmailLayout>
  );
}

export const voucherSubject = (v: VoucherContent, businessName: string, kind: "new" | "updated") =>
  kind === "new" ? `${v.title} - a voucher from ${businessName}` : `Your voucher from ${businessName} has been updated`;
export const voucherEmail = (p: VoucherEmailProps): EmailContent => ({ subject: voucherSubject(p.voucher, p.businessName, p.kind), react: <VoucherEmail {...p} /> });
