import { createHash } from "node:crypto";

// The testing passcode gate (spec 3): on only when TESTING_PASSCODE is set. A correct passcode is
// remembered in a cookie holding a hash (never the passcode itself); the UI also keeps the spec's
// local-storage flag.
export function passcodeEnabled(): boolean {
  return Boolean(process.env.TESTING_PASSCODE);
}

export function passcodeToken(): string {
  const secret = process.env.NEXTAUTH_SECRET ?? "dev-only-secret-change-me-0123456789abcdef";
  return createHash("sha256").update(`${process.env.TESTING_PASSCODE ?? ""}:${secret}`).digest("hex");
}
