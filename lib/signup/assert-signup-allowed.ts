import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { forbidden } from "@/lib/errors/api-error";
import { getSystemSettingsRow } from "@/lib/settings/get-system-settings";
import { ACCESS_CODE_MESSAGE } from "@/lib/validation/auth";

// Spec 3 sections 2, 5 and 8: sign-ups can be paused by the super admin ("signups temporarily
// paused"), and with PIN protection on they need the access code ("Invalid access code. Please
// try again."). Checked by the access-code gate, before a code is texted, and again at creation.

export const SIGNUPS_PAUSED_MESSAGE = "signups temporarily paused";

/** Compares in constant time (hashing first makes the lengths equal). */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Throws 403 when sign-ups are paused, or when PIN protection is on and the code is wrong. */
export async function assertSignupAllowed(accessCode: string | undefined): Promise<{ pinProtectionEnabled: boolean }> {
  const settings = await getSystemSettingsRow();
  if (!settings.signupsEnabled) throw forbidden(SIGNUPS_PAUSED_MESSAGE);
  if (settings.pinProtectionEnabled) {
    // PIN protection with no PIN set lets nobody in rather than everybody.
    if (!accessCode || !settings.signupPin || !sameSecret(accessCode.trim(), settings.signupPin)) throw forbidden(ACCESS_CODE_MESSAGE);
  }
  return { pinProtectionEnabled: settings.pinProtectionEnabled };
}
