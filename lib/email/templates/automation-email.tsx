import { EmailHeading, EmailLayout, P } from "@/lib/email/templates/layout";
import type { EmailContent } from "@/lib/email/render-email";

// An automation's message (birthday, win-back, nearly there, reward available): the owner's subject
// and text with the placeholders already filled (lib/automations/automation-email.ts). A blank line
// starts a new paragraph, a single line break stays a line break.

export function AutomationEmail({ subject, body, businessName }: { subject: string; body: string; businessName?: string }) {
  const paragraphs = body.split(/\n{2,}/);
  return (
    <EmailLayout title={subject} footer={`You receive this because you agreed to hear from ${businessName ?? "us"}. Ask us at the till to stop these messages.`}>
      <EmailHeading size={20}>{subject}</EmailHeading>
      {paragraphs.map((p, i) => (
        <P key={i}>
          {p.split("\n").map((line, j) => (
            <span key={j}>
              {j > 0 && <br />}
              {line}
            </span>
          ))}
        </P>
      ))}
    </EmailLayout>
  );
}

export const automationEmailContent = (subject: string, body: string, businessName?: string): EmailContent => ({
  subject,
  react: <AutomationEmail subject={subject} body={body} businessName={businessName} />,
});
