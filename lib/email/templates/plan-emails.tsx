import { EmailLayout, P } from "@/lib/email/templates/layout";
import type { EmailContent } from "@/lib/email/render-email";

// The plan machine's emails to the business owner (lib/billing/apply-plan-event.ts, after commit).

const FOOTER = "This is a service message about your Loyalty Legends subscription.";

export function PaymentFailedEmail({ payBy }: { payBy: string }) {
  return (
    <EmailLayout title={PAYMENT_FAILED_SUBJECT} footer={FOOTER}>
      <P>We could not take your max plan payment.</P>
      <P>
        Please update your payment details by <strong>{payBy}</strong>. After that, customers beyond your oldest 10 are parked until payment is received.
      </P>
    </EmailLayout>
  );
}

export function MovedToStarterEmail({ parked }: { parked: number }) {
  return (
    <EmailLayout title={MOVED_TO_STARTER_SUBJECT} footer={FOOTER}>
      <P>Your max plan has ended and you are now on the free starter plan (10 customers).</P>
      {parked > 0 && <P>{`${parked} customer${parked === 1 ? " was" : "s were"} parked: their data is kept, and they come back when you upgrade to max again.`}</P>}
    </EmailLayout>
  );
}

const PAYMENT_FAILED_SUBJECT = "Your max plan payment failed";
const MOVED_TO_STARTER_SUBJECT = "You are now on the starter plan";
export const paymentFailedEmail = (payBy: string): EmailContent => ({ subject: PAYMENT_FAILED_SUBJECT, react: <PaymentFailedEmail payBy={payBy} /> });
export const movedToStarterEmail = (parked: number): EmailContent => ({ subject: MOVED_TO_STARTER_SUBJECT, react: <MovedToStarterEmail parked={parked} /> });
