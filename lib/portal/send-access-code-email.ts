import "server-only";
import { sendEmail } from "@/lib/email/send-email";
import { emailLayout, escapeHtml } from "@/lib/email/html";
import { PRODUCT_NAME } from "@/lib/product";
import { ACCESS_CODE_TTL_MINUTES } from "@/lib/validation/portal";

/** The email with a 6-digit portal access code. A service email: sent whatever the consents say. */
export async function sendAccessCodeEmail(to: string, code: string, customerId: number | null): Promise<void> {
  const subject = `Your ${PRODUCT_NAME} access code`;
  const body = `
<h1 style="font-size:22px;margin:0 0 8px">Your access code</h1>
<p>Use this code to open your loyalty account and preferences:</p>
<p style="text-align:center;font-size:28px;letter-spacing:6px;font-family:monospace"><strong>${escapeHtml(code)}</strong></p>
<p>It expires in ${ACCESS_CODE_TTL_MINUTES} minutes and can be used once.</p>
<p style="font-size:14px">If you did not ask for this code you can ignore this email: nobody can see your account without it.</p>`;
  await sendEmail({
    to,
    subject,
    html: emailLayout(subject, body, "You are receiving this email because someone asked to open the loyalty account of this address."),
    text: `Your ${PRODUCT_NAME} access code is ${code}. It expires in ${ACCESS_CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this email.`,
    emailType: "portal_access",
    customerId,
  });
}
