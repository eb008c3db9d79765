import { z } from "zod";
import { newPasswordSchema } from "@/lib/validation/auth";

// Staff logins (issue 6: the spec has staff sign in with business ID, username and password but
// never shows how they are made). Passwords follow the owners' rules (spec 3 section 5).

export const USERNAME_MESSAGE = "username must be 3-40 characters: letters, numbers, dots, dashes or underscores";

export const staffUsername = z
  .string({ error: "Username is required" })
  .trim()
  .min(1, "Username is required")
  .regex(/^[A-Za-z0-9._-]{3,40}$/, USERNAME_MESSAGE);

/** POST /api/business/staff */
export const createStaffSchema = z.object({ username: staffUsername, password: newPasswordSchema });
export type CreateStaffInput = z.output<typeof createStaffSchema>;

/** PUT /api/business/staff/{id}/password */
export const resetStaffPasswordSchema = z.object({ password: newPasswordSchema });
