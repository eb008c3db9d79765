import { Img, Link } from "@react-email/components";
import { centred, EmailButton, EmailHeading, EmailLayout, P } from "@/lib/email/templates/layout";
import type { EmailContent } from "@/lib/email/render-email";
import { formatMembershipNumber } from "@/lib/rules/membership-number";

// The welcome email of a new customer (lib/customers/send-welcome-email.ts gathers the links).

export type WelcomeEmailProps = {
  businessName: string;
  firstName: string;
  pointsPerPound: number;
  membershipNumber: string;
  qrUrl: string;
  applePassUrl?: string | null;
  googlePassUrl?: string | null;
  confirmUrl: string;
  portalUrl: string;
  preferencesUrl: string;
};

export function WelcomeEmail(p: WelcomeEmailProps) {
  return (
    <EmailLayout
      title={welcomeSubject(p.businessName)}
      footer={`You are receiving this service email because ${p.businessName} added you to its loyalty scheme. Service messages about your card are always sent; offers only with your consent.`}
    >
      <EmailHeading>{`Welcome to ${p.businessName} rewards, ${p.firstName}!`}</EmailHeading>
      <P>{`Your digital loyalty card is ready. Show this QR code or your membership number when you pay to earn ${p.pointsPerPound} point per £1 spent.`}</P>
      <P style={centred}>
        <Img src={p.qrUrl} width="200" height="200" alt="Your loyalty QR code" style={{ margin: "0 auto" }} />
      </P>
      <P style={{ ...centred, fontSize: "18px", letterSpacing: "2px" }}>
        <strong>{formatMembershipNumber(p.membershipNumber)}</strong>
      </P>
      {(p.applePassUrl || p.googlePassUrl) && (
        <P style={centred}>
          {p.applePassUrl && <EmailButton href={p.applePassUrl}>Add to Apple Wallet</EmailButton>}
          {p.googlePassUrl && <EmailButton href={p.googlePassUrl}>Save to Google Wallet</EmailButton>}
        </P>
      )}
      <P>Please confirm your membership:</P>
      <P>
        <EmailButton href={p.confirmUrl}>Confirm my membership</EmailButton>
      </P>
      <P>See your points, vouchers and visits at any time:</P>
      <P>
        <EmailButton href={p.portalUrl}>View my loyalty account</EmailButton>
      </P>
      <P style={{ fontSize: "14px" }}>
        You can change your marketing preferences at any time: <Link href={p.preferencesUrl}>manage my preferences</Link>.
      </P>
    </EmailLayout>
  );
}

export const welcomeSubject = (businessName: string) => `Your ${businessName} loyalty card`;
export const welcomeEmail = (p: WelcomeEmailProps): EmailContent => ({ subject: welcomeSubject(p.businessName), react: <WelcomeEmail {...p} /> });
