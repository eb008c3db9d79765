import "server-only";
import { db } from "@/lib/db";
import { appUrl } from "@/lib/env";
import { sendEmail } from "@/lib/email/send-email";
import { welcomeEmail } from "@/lib/email/templates/welcome-email";
import { createPortalLink } from "@/lib/portal-access/portal-links";

/** The welcome email of a new customer: their card (QR and membership number), wallet links, the
 *  membership confirmation link, and signed links to their loyalty account and marketing
 *  preferences (the signature proves control of the inbox: lib/portal-access/portal-links.ts). Service
 *  email: sent whatever the marketing consents say. */
export async function sendWelcomeEmail(customerId: number, confirmationToken: string): Promise<void> {
  const c = await db.customer.findUniqueOrThrow({
    where: { id: customerId },
    include: { business: { select: { id: true, name: true, pointsPerPound: true } }, card: true },
  });
  const base = appUrl();
  // Links bound to this customer record, single use (lib/portal-access/portal-links.ts, issue 19).
  const portalUrl = await createPortalLink(c.id, "portal");
  const preferencesUrl = await createPortalLink(c.id, "preferences");
  const email = welcomeEmail({
    businessName: c.business.name,
    firstName: c.firstName,
    pointsPerPound: Number(c.business.pointsPerPound),
    membershipNumber: c.membershipNumber,
    qrUrl: `${base}/api/qr-hosted/${c.membershipNumber}`,
    applePassUrl: c.card?.applePassUrl,
    googlePassUrl: c.card?.googlePassUrl,
    confirmUrl: `${base}/confirm-membership/${confirmationToken}`,
    portalUrl,
    preferencesUrl,
  });
  const result = await sendEmail({ to: c.email, email, emailType: "welcome", businessId: c.business.id, customerId: c.id });
  if (result.status === "sent") await db.customer.update({ where: { id: c.id }, data: { welcomeEmailSentAt: new Date() } });
}
