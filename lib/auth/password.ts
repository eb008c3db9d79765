import "server-only";
import bcrypt from "bcryptjs";

// bcrypt with a cost that makes guessing slow in production; tests lower it with BCRYPT_ROUNDS.
const rounds = Math.min(14, Math.max(4, Number(process.env.BCRYPT_ROUNDS ?? 11)));

// A real hash of a random string, compared against when the account does not exist, so a wrong
// email takes as long as a wrong password.
const dummyHash = bcrypt.hashSync("not-a-real-password-" + Math.random(), rounds);

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, rounds);
}

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    await bcrypt.compare(password, dummyHash);
    return false;
  }
  return bcrypt.compare(password, hash);
}
