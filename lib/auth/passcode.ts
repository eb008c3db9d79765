import { createHash } from "node:crypto";
import { envNow, sessionSecretNow } from "@/lib/env";

// The testing passcode gate (spec 3): on only when TESTING_PASSCODE is set. A correct passcode is
// remembered in a cookie holding a hash (never the passcode itself); the UI also keeps the spec's
// local-storage flag.
export function passcodeEnabled(): boolean {
  return Boolean(envNow("TESTING_PASSCODE"));
}

export function passcodeToken(): string {
  return createHash("sha256").update(`${envNow("TESTING_PASSCODE") ?? ""}:${sessionSecretNow()}`).digest("hex");
}
