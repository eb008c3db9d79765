import "server-only";
import { after } from "next/server";
import { db } from "@/lib/db";
import { enforceRateLimit } from "@/lib/rate-limit";
import { issuePortalCode } from "@/lib/portal/email-codes";
import { portalCustomerWhere } from "@/lib/portal-access/portal-scope";
import { sendAccessCodeEmail } from "@/lib/portal/send-access-code-email";
import { ACCESS_CODE_TTL_MINUTES } from "@/lib/validation/portal";
import { log } from "@/lib/log";

export const codeSentMessage = (email: string) =>
  `If ${email} belongs to a loyalty account, we have emailed a 6-digit code to it. It expires in ${ACCESS_CODE_TTL_MINUTES} minutes.`;

/** Step 1 of proving an address. The answer (and its throttling) is the same whether or not the
 *  address is known, so the form cannot be used to find out who is a customer; the code is only
 *  actually emailed to addresses that have an account. The email goes out after the response, so
 *  the response time does not tell either. */
export async function requestAccessCode(email: string, ip: string, now = new Date()): Promise<string> {
  await enforceRateLimit(`portal-code-ip:${ip}`, { limit: 20, windowSeconds: 3600, message: "Too many codes requested. Please try again later." }, now);
  const code = await issuePortalCode(email, now);
  const known = await db.customer.findFirst({ where: portalCustomerWhere({ email }), select: { id: true }, orderBy: { createdAt: "desc" } });
  if (known) await runAfterResponse(() => sendAccessCodeEmail(email, code, known.id));
  return codeSentMessage(email);
}

/** Next's after() when serving a request; outside a request scope (tests, scripts) the task runs now. */
async function runAfterResponse(task: () => Promise<void>): Promise<void> {
  const safe = () => task().catch((e: unknown) => log.error({ err: e }, "portal access code email failed"));
  try {
    after(safe);
  } catch {
    await safe();
  }
}
