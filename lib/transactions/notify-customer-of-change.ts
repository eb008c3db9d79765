import "server-only";
import { db } from "@/lib/db";
import { sendEmail } from "@/lib/email/send-email";
import { transactionUpdateEmail } from "@/lib/email/templates/transaction-update-email";

/** Service email telling a customer that a transaction on their card was corrected or removed, with
 *  their new balance. Sent whatever the marketing consents say (it is about their account). */
export async function notifyCustomerOfChange(customerId: number, what: "updated" | "removed", detail: string): Promise<void> {
  const c = await db.customer.findUnique({ where: { id: customerId }, include: { business: { select: { id: true, name: true } } } });
  if (!c || c.accountStatus === "archived") return;
  const email = transactionUpdateEmail({ businessName: c.business.name, firstName: c.firstName, what, detail, balance: c.totalPoints });
  await sendEmail({ to: c.email, email, emailType: "transaction_update", businessId: c.business.id, customerId: c.id });
}
