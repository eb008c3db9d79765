import "server-only";
import { assertSignupAllowed } from "@/lib/signup/assert-signup-allowed";

// The access-code gate before step 1 of sign-up (spec 3 sections 2 and 5): the code must equal
// the stored signup PIN. The code is sent again with the sign-up, which checks it once more.
export async function verifyAccessCode(accessCode: string) {
  const { pinProtectionEnabled } = await assertSignupAllowed(accessCode);
  return { valid: true as const, pinProtectionEnabled };
}
