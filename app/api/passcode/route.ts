import { z } from "zod";
import { timingSafeEqual } from "node:crypto";
import { publicRoute, json } from "@/lib/api/route";
import { ApiError } from "@/lib/errors/api-error";
import { PASSCODE_COOKIE, secureCookies } from "@/lib/auth/cookies";
import { passcodeEnabled, passcodeToken } from "@/lib/auth/passcode";
import { clientIp, enforceRateLimit } from "@/lib/rate-limit";
import { envNow } from "@/lib/env";

const body = z.object({ passcode: z.string({ error: "incorrect passcode - please try again" }).max(200) });

// POST /api/passcode - pass the testing passcode gate (remembered in an httpOnly cookie)
export const POST = publicRoute({ body }, async ({ req, body, now }) => {
  if (!passcodeEnabled()) return { ok: true };
  await enforceRateLimit(`passcode:${clientIp(req)}`, { limit: 10, windowSeconds: 600 }, now);
  const expected = Buffer.from(envNow("TESTING_PASSCODE") ?? "");
  const given = Buffer.from(body.passcode);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new ApiError("unauthorized", "incorrect passcode - please try again");
  }
  const secure = secureCookies() ? "; Secure" : "";
  return json({ ok: true }, 200, { "Set-Cookie": `${PASSCODE_COOKIE}=${passcodeToken()}; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000${secure}` });
});
