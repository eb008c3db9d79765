import "server-only";
import { sendEmail } from "@/lib/email/send-email";
import { accessCodeEmail } from "@/lib/email/templates/access-code-email";
import { ACCESS_CODE_TTL_MINUTES } from "@/lib/validation/portal";

/** The email with a 6-digit portal access code. A service email: sent whatever the consents say. */
export async function sendAccessCodeEmail(to: string, code: string, customerId: number | null): Promise<void> {
  await sendEmail({ to, email: accessCodeEmail(code, ACCESS_CODE_TTL_MINUTES), emailType: "portal_access", customerId });
}
