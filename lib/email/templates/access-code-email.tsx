import { centred, EmailHeading, EmailLayout, P } from "@/lib/email/templates/layout";
import type { EmailContent } from "@/lib/email/render-email";
import { PRODUCT_NAME } from "@/lib/product";

// The 6-digit code that opens the customer portal (lib/portal/send-access-code-email.ts).

export function AccessCodeEmail({ code, ttlMinutes }: { code: string; ttlMinutes: number }) {
  return (
    <EmailLayout title={accessCodeSubject()} footer="You are receiving this email because someone asked to open the loyalty account of this address.">
      <EmailHeading>Your access code</EmailHeading>
      <P>Use this code to open your loyalty account and preferences:</P>
      <P style={{ ...centred, fontSize: "28px", letterSpacing: "6px", fontFamily: "monospace" }}>
        <strong>{code}</strong>
      </P>
      <P>{`It expires in ${ttlMinutes} minutes and can be used once.`}</P>
      <P style={{ fontSize: "14px" }}>If you did not ask for this code you can ignore this email: nobody can see your account without it.</P>
    </EmailLayout>
  );
}

export const accessCodeSubject = () => `Your ${PRODUCT_NAME} access code`;
export const accessCodeEmail = (code: string, ttlMinutes: number): EmailContent => ({ subject: accessCodeSubject(), react: <AccessCodeEmail code={code} ttlMinutes={ttlMinutes} /> });
