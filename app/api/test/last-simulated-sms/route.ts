import { z } from "zod";
import { publicRoute } from "@/lib/api/route";
import { notFound } from "@/lib/errors/api-error";
import { db } from "@/lib/db";
import { isSmsSimulated } from "@/lib/sms/send-sms";
import { testEndpointsOpen } from "@/lib/testing/test-endpoints";
import { normaliseUkPhone, stripPhone } from "@/lib/validation/common";

const query = z.object({ to: z.string({ error: "to is required" }).min(3, "to is required").max(30) });

// GET /api/test/last-simulated-sms?to={phone} - the newest simulated SMS to that number (testing
// mode only; 404 otherwise), so tests and the demo can read verification codes. On a production
// build only the signed-in business's own texts, unless ENABLE_TEST_ENDPOINTS=1.
export const GET = publicRoute({ query }, async ({ auth, query }) => {
  if (!isSmsSimulated()) throw notFound();
  const businessId = auth?.kind === "business" ? auth.businessId : auth?.kind === "admin" ? auth.actingBusinessId : null;
  if (!testEndpointsOpen() && !businessId) throw notFound();
  const candidates = Array.from(new Set([stripPhone(query.to), normaliseUkPhone(query.to)]));
  const row = await db.outboundMessage.findFirst({
    where: { channel: "sms", simulated: true, recipient: { in: candidates }, ...(testEndpointsOpen() ? {} : { businessId }) },
    orderBy: { id: "desc" },
  });
  if (!row) throw notFound("No simulated SMS to this number");
  const code = row.text?.match(/\b(\d{4,6})\b/)?.[1] ?? null;
  return { to: row.recipient, body: row.text, code, purpose: row.emailType, timestamp: row.sentAt.toISOString() };
});
