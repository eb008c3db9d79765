import { z } from "zod";
import { publicRoute } from "@/lib/api/route";
import { notFound } from "@/lib/api/errors";
import { db } from "@/lib/db";
import { isSmsSimulated } from "@/lib/sms/send-sms";
import { normaliseUkPhone, stripPhone } from "@/lib/validation/common";

// GET /api/test/last-simulated-sms?to={phone} - the newest simulated SMS to that number (testing
// mode only; 404 otherwise), so tests and the demo can read verification codes.
export const GET = publicRoute({ query: z.object({ to: z.string({ error: "to is required" }).min(3, "to is required").max(30) }) }, async ({ query }) => {
  if (!isSmsSimulated()) throw notFound();
  const candidates = Array.from(new Set([stripPhone(query.to), normaliseUkPhone(query.to)]));
  const row = await db.outboundMessage.findFirst({
    where: { channel: "sms", simulated: true, recipient: { in: candidates } },
    orderBy: { id: "desc" },
  });
  if (!row) throw notFound("No simulated SMS to this number");
  const code = row.text?.match(/\b(\d{4,6})\b/)?.[1] ?? null;
  return { to: row.recipient, body: row.text, code, purpose: row.emailType, timestamp: row.sentAt.toISOString() };
});
