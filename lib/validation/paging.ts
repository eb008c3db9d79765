import { z } from "zod";
import { MAX_DB_INT } from "@/lib/validation/common";

// The paging parameters of every searched list (issue 23: customers, staff customers, vouchers,
// loyalty cards, businesses), with one set of messages.

/** A list's search text (`q`). */
export const searchText = () => z.string({ error: "q must be text" }).max(100, "q must be at most 100 characters");

/** A page's size (`limit`), 1 to `max`. */
export const pageLimit = (max: number) =>
  z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(max, `limit must be at most ${max}`);

const cursorMessage = (name: string) => `${name} must be the cursor a previous page returned`;

/** A keyset cursor "<id>.<sort key as text>" (the key may hold any character). */
export const keyCursor = (maxLength: number, name = "cursor") =>
  z
    .string()
    .max(maxLength, cursorMessage(name))
    .regex(/^\d{1,10}\.[^]*$/, cursorMessage(name))
    .transform((v) => ({ id: Number(v.slice(0, v.indexOf("."))), key: v.slice(v.indexOf(".") + 1) }))
    .refine((c) => c.id >= 1 && c.id <= MAX_DB_INT, cursorMessage(name));

/** A keyset cursor "<createdAt in epoch ms>-<id>" (lists newest first). */
export const createdAtCursor = (name = "cursor") =>
  z
    .string()
    .regex(/^\d{1,15}-\d{1,10}$/, cursorMessage(name))
    .transform((v) => {
      const [createdAtMs, id] = v.split("-").map(Number);
      return { createdAtMs, id };
    })
    .refine((c) => c.id >= 1 && c.id <= MAX_DB_INT, cursorMessage(name));

/** `total=1`: a first page also says how many rows match. */
export const totalFlag = () => z.enum(["1"], { error: "total must be 1" });
