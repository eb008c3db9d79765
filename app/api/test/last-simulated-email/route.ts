import { z } from "zod";
import { publicRoute } from "@/lib/api/route";
import { forbidden, notFound, unauthorized } from "@/lib/errors/api-error";
import { db } from "@/lib/db";
import { isEmailSimulated } from "@/lib/email/send-email";
import { testEndpointsOpen } from "@/lib/testing/test-endpoints";

// GET /api/test/last-simulated-email - the newest simulated email (testing mode only; 404 otherwise).
// The spec's email popup: an owner (or a super admin acting as the business) sees only mail their
// own business sent, optionally narrowed with ?to=. Staff, portal customers and a super admin not
// acting as a business see none (issue 19: portal links and codes are in these emails). Naming a
// recipient without a session is for test runs only (dev, jest, or ENABLE_TEST_ENDPOINTS=1).
export const GET = publicRoute({ query: z.object({ to: z.string().max(254).optional() }) }, async ({ auth, query }) => {
  if (!isEmailSimulated()) throw notFound();
  const businessId = auth?.kind === "business" ? auth.businessId : auth?.kind === "admin" ? auth.actingBusinessId : null;
  if (auth && !businessId) throw forbidden("Only a business owner can read the emails their business sent");
  if (!auth && !query.to) throw unauthorized("Sign in, or name the recipient with ?to=");
  if (!auth && !testEndpointsOpen()) throw unauthorized("Sign in to see your simulated emails");
  const row = await db.outboundMessage.findFirst({
    where: {
      channel: "email",
      simulated: true,
      ...(query.to ? { recipient: query.to.trim().toLowerCase() } : {}),
      ...(businessId ? { businessId } : {}),
    },
    orderBy: { id: "desc" },
  });
  if (!row) throw notFound("No simulated email yet");
  return { recipientEmail: row.recipient, subject: row.subject, timestamp: row.sentAt.toISOString(), html: row.html, emailType: row.emailType };
});
