import "server-only";
import { createHash } from "node:crypto";
import bcrypt from "bcryptjs";
import { envNow } from "@/lib/env";

// bcrypt with a cost that makes guessing slow in production; tests lower it with BCRYPT_ROUNDS.
const rounds = Math.min(14, Math.max(4, envNow("BCRYPT_ROUNDS") ?? 11));

// bcrypt reads only the first 72 bytes of its input, while passwords of up to 200 characters (up
// to 800 bytes of UTF-8) are accepted: two passwords that differ after byte 72 used to be the same
// password (issue 19, item 8). New hashes are of a SHA-256 pre-hash (base64: 44 ASCII bytes, no NUL),
// so every byte counts, and carry a prefix saying so. Hashes made before (plain bcrypt, "$2...")
// keep working as they were and are replaced by the new kind at the owner's next sign-in.
const PREHASHED = "sha256$";

const prehash = (password: string) => createHash("sha256").update(password, "utf8").digest("base64");

// A real hash of a random string, compared against when the account does not exist, so a wrong
// email takes as long as a wrong password.
const dummyHash = bcrypt.hashSync("not-a-real-password-" + Math.random(), rounds);

export async function hashPassword(password: string): Promise<string> {
  return PREHASHED + (await bcrypt.hash(prehash(password), rounds));
}

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    await bcrypt.compare(prehash(password), dummyHash);
    return false;
  }
  if (hash.startsWith(PREHASHED)) return bcrypt.compare(prehash(password), hash.slice(PREHASHED.length));
  return bcrypt.compare(password, hash);
}

/** True for a hash of the old kind (plain bcrypt): re-hash it after a successful sign-in. */
export function needsRehash(hash: string | null | undefined): boolean {
  return typeof hash === "string" && !hash.startsWith(PREHASHED);
}

/** `{ passwordHash }` of the new kind when `hash` is of the old kind (for the sign-in's own update
 *  of the row, after the password was verified), else `{}`. */
export async function rehashIfOld(password: string, hash: string | null | undefined): Promise<{ passwordHash?: string }> {
  return needsRehash(hash) ? { passwordHash: await hashPassword(password) } : {};
}
