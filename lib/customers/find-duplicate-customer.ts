import "server-only";
import { db, type Tx } from "@/lib/db";
import { conflict } from "@/lib/api/errors";

/** A business cannot have two customers with the same email or phone (409 with which one). */
export async function assertNoDuplicateCustomer(businessId: number, email: string, phone: string, exceptId?: number, tx: Tx = db) {
  const clash = await tx.customer.findFirst({
    where: { businessId, OR: [{ email }, { phone }], ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { email: true },
  });
  if (clash) throw conflict(clash.email === email ? "A customer with this email already exists" : "A customer with this phone number already exists");
}

/** Maps a unique violation on customers to the same message. */
export function duplicateCustomerMessage(error: unknown): string | null {
  const e = error as { code?: string; meta?: { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: string[] } } } } };
  if (e?.code !== "P2002") return null;
  const fields = JSON.stringify(e.meta ?? {});
  if (fields.includes("phone")) return "A customer with this phone number already exists";
  if (fields.includes("email")) return "A customer with this email already exists";
  return null;
}
