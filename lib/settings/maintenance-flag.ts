import { sharedPool } from "@/lib/db-pool";
import { log } from "@/lib/log";

// The platform's maintenance flag (system_settings.maintenanceMode), read through the process's one
// pg pool (lib/db-pool.ts). Middleware asks on page navigations and may use a copy up to
// PAGE_FLAG_MAX_AGE_MS old, so a burst of navigations costs one query; the API wrappers read it with
// the session (lib/auth/principal.ts) or fresh, so no write gets through once the flag is on.
// What stays open during maintenance: MAINTENANCE_EXEMPT_* below (docs/decisions.md, "Maintenance mode").

export const PAGE_FLAG_MAX_AGE_MS = 5_000;

export const MAINTENANCE_MESSAGE = "We'll be back soon: the service is down for maintenance.";

/** Pages that stay up: the maintenance screen itself, the super admin's area, the passcode gate. */
export const MAINTENANCE_EXEMPT_PAGES = ["/maintenance", "/admin-login", "/admin-dashboard", "/passcode"];

/** APIs that keep working for everyone: the super admin's, vendors' and phones' calls (Stripe
 *  webhooks, the Apple wallet web service and pass images, cron), signing out, health checks, the
 *  passcode gate and the test-only outbox. Every other API answers 503 unless the caller is the super admin. */
export const MAINTENANCE_EXEMPT_API = [
  "/api/admin",
  "/api/webhooks",
  "/api/stripe",
  "/api/cron",
  "/api/wallet/apple",
  "/api/wallet/images",
  "/api/logout",
  "/api/staff/logout",
  "/api/customer-portal/logout",
  "/api/health",
  "/api/passcode",
  "/api/test",
];

export const isUnder = (path: string, prefixes: string[]) => prefixes.some((p) => path === p || path.startsWith(p + "/"));

const globalForFlag = globalThis as unknown as { __maintenanceFlag?: { value: boolean; readAt: number } };

/** The flag, from a copy at most maxAgeMs old (0 = read now). A database hiccup reads as "off": it
 *  must not lock everyone out, and the API wrappers check again. */
export async function isMaintenanceMode(maxAgeMs = 0): Promise<boolean> {
  const cached = globalForFlag.__maintenanceFlag;
  if (cached && maxAgeMs > 0 && Date.now() - cached.readAt < maxAgeMs) return cached.value;
  try {
    const res = await sharedPool().query<{ maintenanceMode: boolean }>('SELECT "maintenanceMode" FROM system_settings WHERE id = 1');
    const value = res.rows[0]?.maintenanceMode === true;
    globalForFlag.__maintenanceFlag = { value, readAt: Date.now() };
    return value;
  } catch (e) {
    log.warn({ err: e }, "maintenance flag unavailable");
    return false;
  }
}

/** Drops the cached copy (after the super admin changes the flag in this process). */
export function forgetMaintenanceFlag() {
  delete globalForFlag.__maintenanceFlag;
}
