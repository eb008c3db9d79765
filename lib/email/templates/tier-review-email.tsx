import { EmailHeading, EmailLayout, P } from "@/lib/email/templates/layout";
import type { EmailContent } from "@/lib/email/render-email";

// The yearly tier review moved the customer down (lib/tiers/run-tier-review.ts; sent with email consent).

export type TierReviewProps = { businessName: string; firstName: string; from: string; to: string | null };

export function TierReviewEmail(p: TierReviewProps) {
  return (
    <EmailLayout title={tierReviewSubject(p.businessName)} footer="You receive this because you agreed to emails from this business.">
      <EmailHeading size={20}>{`Hi ${p.firstName},`}</EmailHeading>
      <P>
        {`At this year's review of your ${p.businessName} loyalty card, your tier changed from `}
        <strong>{p.from}</strong> to <strong>{p.to ?? "no tier"}</strong>.
      </P>
      <P>Keep collecting points to move back up: your tier is updated as soon as you qualify.</P>
    </EmailLayout>
  );
}

export const tierReviewSubject = (businessName: string) => `Your ${businessName} membership tier has changed`;
export const tierReviewEmail = (p: TierReviewProps): EmailContent => ({ subject: tierReviewSubject(p.businessName), react: <TierReviewEmail {...p} /> });
