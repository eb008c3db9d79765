import { z } from "zod";
import { publicRoute } from "@/lib/api/route";
import { notFound, unauthorized } from "@/lib/api/errors";
import { db } from "@/lib/db";
import { isEmailSimulated } from "@/lib/email/send-email";
import { testEndpointsOpen } from "@/lib/testing/test-endpoints";

// GET /api/test/last-simulated-email - the newest simulated email (testing mode only; 404 otherwise).
// A signed-in business sees its own newest; anyone else must name the recipient with ?to=.
export const GET = publicRoute({ query: z.object({ to: z.string().max(254).optional() }) }, async ({ auth, query }) => {
  if (!isEmailSimulated()) throw notFound();
  if (!auth && !query.to) throw unauthorized("Sign in, or name the recipient with ?to=");
  // Naming a recipient without a session is for test runs only (the email may hold a sign-in link).
  if (!auth && !testEndpointsOpen()) throw unauthorized("Sign in to see your simulated emails");
  const businessId = auth?.kind === "business" ? auth.businessId : auth?.kind === "admin" ? auth.actingBusinessId : null;
  const row = await db.outboundMessage.findFirst({
    where: {
      channel: "email",
      simulated: true,
      ...(query.to ? { recipient: query.to.toLowerCase() } : {}),
      ...(businessId ? { businessId } : {}),
    },
    orderBy: { id: "desc" },
  });
  if (!row) throw notFound("No simulated email yet");
  return { recipientEmail: row.recipient, subject: row.subject, timestamp: row.sentAt.toISOString(), html: row.html, emailType: row.emailType };
});
