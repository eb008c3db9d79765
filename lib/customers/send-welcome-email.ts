import "server-only";
import { db } from "@/lib/db";
import { appUrl } from "@/lib/env";
import { sendEmail } from "@/lib/email/send-email";
import { button, emailLayout, escapeHtml } from "@/lib/email/html";
import { createPortalLink } from "@/lib/portal/access-token";

/** The welcome email of a new customer: their card (QR and membership number), wallet links, the
 *  membership confirmation link, and signed links to their loyalty account and marketing
 *  preferences (the signature proves control of the inbox: lib/portal/access-token.ts). Service
 *  email: sent whatever the marketing consents say. */
export async function sendWelcomeEmail(customerId: number, confirmationToken: string): Promise<void> {
  const c = await db.customer.findUniqueOrThrow({
    where: { id: customerId },
    include: { business: { select: { id: true, name: true, pointsPerPound: true } }, card: true },
  });
  const base = appUrl();
  const qr = `${base}/api/qr-hosted/${c.membershipNumber}`;
  const wallet = [
    c.card?.applePassUrl ? button(c.card.applePassUrl, "Add to Apple Wallet") : "",
    c.card?.googlePassUrl ? button(c.card.googlePassUrl, "Save to Google Wallet") : "",
  ].join("");
  // Links bound to this customer record, single use (lib/portal/access-token.ts, issue 19).
  const portalUrl = await createPortalLink(c.id, "portal");
  const preferencesUrl = await createPortalLink(c.id, "preferences");
  const body = `
<h1 style="font-size:22px;margin:0 0 8px">Welcome to ${escapeHtml(c.business.name)} rewards, ${escapeHtml(c.firstName)}!</h1>
<p>Your digital loyalty card is ready. Show this QR code or your membership number when you pay to earn ${escapeHtml(Number(c.business.pointsPerPound))} point per £1 spent.</p>
<p style="text-align:center"><img src="${escapeHtml(qr)}" width="200" height="200" alt="Your loyalty QR code"></p>
<p style="text-align:center;font-size:18px;letter-spacing:2px"><strong>${escapeHtml(c.membershipNumber)}</strong></p>
${wallet ? `<p style="text-align:center">${wallet}</p>` : ""}
<p>Please confirm your membership:</p>
<p>${button(`${base}/confirm-membership/${confirmationToken}`, "Confirm my membership")}</p>
<p>See your points, vouchers and visits at any time:</p>
<p>${button(portalUrl, "View my loyalty account")}</p>
<p style="font-size:14px">You can change your marketing preferences at any time: <a href="${escapeHtml(preferencesUrl)}">manage my preferences</a>.</p>`;
  const footer = `You are receiving this service email because ${escapeHtml(c.business.name)} added you to its loyalty scheme. Service messages about your card are always sent; offers only with your consent.`;
  const result = await sendEmail({
    to: c.email,
    subject: `Your ${c.business.name} loyalty card`,
    html: emailLayout(`Your ${c.business.name} loyalty card`, body, footer),
    emailType: "welcome",
    businessId: c.business.id,
    customerId: c.id,
  });
  if (result.status === "sent") await db.customer.update({ where: { id: c.id }, data: { welcomeEmailSentAt: new Date() } });
}
