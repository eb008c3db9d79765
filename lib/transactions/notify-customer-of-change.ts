import "server-only";
import { db } from "@/lib/db";
import { sendEmail } from "@/lib/email/send-email";
import { emailLayout, escapeHtml } from "@/lib/email/html";

/** Service email telling a customer that a transaction on their card was corrected or removed, with
 *  their new balance. Sent whatever the marketing consents say (it is about their account). */
export async function notifyCustomerOfChange(customerId: number, what: "updated" | "removed", detail: string): Promise<void> {
  const c = await db.customer.findUnique({ where: { id: customerId }, include: { business: { select: { id: true, name: true } } } });
  if (!c || c.accountStatus === "archived") return;
  const subject = `Your ${c.business.name} points balance has been updated`;
  const body = `<h1 style="font-size:20px">Hi ${escapeHtml(c.firstName)},</h1>
<p>${escapeHtml(c.business.name)} has ${what === "updated" ? "corrected" : "removed"} a transaction on your loyalty card: ${escapeHtml(detail)}.</p>
<p>Your balance is now <strong>${escapeHtml(c.totalPoints)} points</strong>.</p>
<p>If this looks wrong, please speak to ${escapeHtml(c.business.name)}.</p>`;
  await sendEmail({ to: c.email, subject, html: emailLayout(subject, body, "This is a service message about your loyalty account."), emailType: "transaction_update", businessId: c.business.id, customerId: c.id });
}
