import { EmailHeading, EmailLayout, P } from "@/lib/email/templates/layout";
import type { EmailContent } from "@/lib/email/render-email";

// Service email: a transaction on the customer's card was corrected or removed (lib/transactions/notify-customer-of-change.ts).

export type TransactionUpdateProps = { businessName: string; firstName: string; what: "updated" | "removed"; detail: string; balance: number };

export function TransactionUpdateEmail(p: TransactionUpdateProps) {
  return (
    <EmailLayout title={transactionUpdateSubject(p.businessName)} footer="This is a service message about your loyalty account.">
      <EmailHeading size={20}>{`Hi ${p.firstName},`}</EmailHeading>
      <P>{`${p.businessName} has ${p.what === "updated" ? "corrected" : "removed"} a transaction on your loyalty card: ${p.detail}.`}</P>
      <P>
        Your balance is now <strong>{`${p.balance} points`}</strong>.
      </P>
      <P>{`If this looks wrong, please speak to ${p.businessName}.`}</P>
    </EmailLayout>
  );
}

export const transactionUpdateSubject = (businessName: string) => `Your ${businessName} points balance has been updated`;
export const transactionUpdateEmail = (p: TransactionUpdateProps): EmailContent => ({ subject: transactionUpdateSubject(p.businessName), react: <TransactionUpdateEmail {...p} /> });
