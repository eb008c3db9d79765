import "server-only";
import { z } from "zod";
import { checkConfig } from "@/lib/config-check";

// The environment, validated once. Vendor keys are optional in every mode: a missing key selects
// the simulated provider (the spec's testing mode). REQUIRE_REAL_PROVIDERS=true turns a missing key
// into a start-up error for deployments that must never simulate. The production rules (secrets,
// https, half-configured vendors) are lib/config-check.ts, run at start by instrumentation.ts.
// Every read of the environment goes through this file (issue 21 item 3): `env` for settings fixed
// for the life of the process, `envNow(name)` for the ones read when used (below). The few files
// that cannot import it are listed in docs/architecture.md and tests/unit/architecture.test.ts.
// This file imports nothing of ours but the pure config rules, so any module may import it.

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v : undefined));

/** A number when the text is one, undefined otherwise (callers keep their own defaults and bounds). */
const lenientNumber = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : undefined));

export const EMBEDDED_DATABASE_URL = "postgresql://postgres:postgres@127.0.0.1:54329/postgres?sslmode=disable";
/** Where a production process without DATABASE_URL points: nowhere (port 1 refuses at once). The
 *  start-up check stops such a server (instrumentation.ts); `next build` imports modules without
 *  connecting, so it must not throw here. */
export const NO_DATABASE_URL = "postgresql://database-url-is-not-set@127.0.0.1:1/missing";
export const DEFAULT_POOL_MAX = 5;

// Read when used, not frozen at import: tests switch these while the process runs, and an operator's
// value is read by the request that needs it. Raw strings (NODE_ENV is not defaulted here: unset is
// "not production" and "not development"), numbers lenient: callers keep their defaults and bounds.
const callTimeSchema = z.object({
  NODE_ENV: optional,
  DATABASE_URL: optional,
  DATABASE_POOL_MAX: lenientNumber,
  NEXTAUTH_SECRET: optional,
  NEXTAUTH_URL: optional,
  APP_URL: optional,
  CRON_SECRET: optional,
  TESTING_PASSCODE: optional,
  // tests and local stand-ins only: the test endpoints in a production build (lib/testing/test-endpoints.ts)
  ENABLE_TEST_ENDPOINTS: optional,
  // "cron-only": outgoing webhooks are delivered by the cron job only, never right after the write
  WEBHOOK_DELIVERY: optional,
  SUPER_ADMIN_EMAIL: optional,
  SUPER_ADMIN_PASSWORD: optional,
  // tuning knobs: bcrypt cost (4-14, default 11), rate limits multiplied (tests, benches), proxies in front
  BCRYPT_ROUNDS: lenientNumber,
  RATE_LIMIT_MULTIPLIER: lenientNumber,
  TRUSTED_PROXY_HOPS: lenientNumber,
  // build metadata shown by /api/health/ready (set by npm and the platform)
  npm_package_version: optional,
  VERCEL_GIT_COMMIT_SHA: optional,
  GIT_COMMIT: optional,
  // error reporting (issue 22 item 4): Sentry when set, the log otherwise (lib/observability/)
  SENTRY_DSN: optional,
  SENTRY_ENVIRONMENT: optional,
  SENTRY_RELEASE: optional,
});
export type CallTimeEnv = z.infer<typeof callTimeSchema>;

/** One setting, read from the environment now (not the value at import). */
export function envNow<K extends keyof CallTimeEnv>(name: K): CallTimeEnv[K] {
  return callTimeSchema.shape[name].parse(process.env[name]) as CallTimeEnv[K];
}

/** The connection string this process uses. The embedded database is a development convenience
 *  only: with NODE_ENV=production a missing DATABASE_URL never falls back to it. */
export function databaseUrl(): string {
  return envNow("DATABASE_URL")?.trim() || (envNow("NODE_ENV") === "production" ? NO_DATABASE_URL : EMBEDDED_DATABASE_URL);
}

/** Connections in this process's one pool: DATABASE_POOL_MAX, default 5. */
export function poolMax(): number {
  const n = envNow("DATABASE_POOL_MAX");
  return n !== undefined && Number.isInteger(n) && n >= 1 ? n : DEFAULT_POOL_MAX;
}

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // unset = the embedded database, outside production only (lib/db-pool.ts: never in production)
  DATABASE_URL: z.string().default(databaseUrl),
  // the direct (unpooled) URL for migrations when DATABASE_URL goes through a pooler (prisma.config.ts)
  DIRECT_URL: optional,
  // connections in this process's one pool (README "Database connections")
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(DEFAULT_POOL_MAX),
  NEXTAUTH_SECRET: optional,
  NEXTAUTH_URL: optional,
  APP_URL: optional,
  PRODUCT_NAME: z.string().default("Loyalty Legends"),
  // the support address in the customer legal text (built into the page by next.config.mjs `env`;
  // components/customers/customer-legal-text.tsx)
  SUPPORT_EMAIL: optional,
  CRON_SECRET: optional,
  // a job whose last run started this recently and succeeded is skipped: copies of one schedule
  // tick reaching several instances run it once (lib/cron/run-job.ts); default 30 in production, 0 otherwise
  CRON_SAME_TICK_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  TESTING_PASSCODE: optional,
  REQUIRE_REAL_PROVIDERS: z
    .string()
    .optional()
    .transform((v) => v === "true" || v === "1"),
  // email (Resend)
  RESEND_API_KEY: optional,
  EMAIL_FROM: z.string().default("Loyalty Legends <hello@example.com>"),
  // tests and local stand-ins only: another Resend API host, e.g. http://127.0.0.1:4010 (unset = https://api.resend.com)
  RESEND_BASE_URL: optional,
  // SMS (Twilio)
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_FROM_NUMBER: optional,
  // tests and local stand-ins only: another Twilio API host, e.g. http://127.0.0.1:4011 (unset = https://api.twilio.com)
  TWILIO_API_BASE: optional,
  // billing (Stripe)
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PRICE_ID_MAX: optional,
  // tests and local stand-ins only: another Stripe API host, e.g. http://127.0.0.1:12111 (unset = api.stripe.com)
  STRIPE_API_BASE: optional,
  // wallets
  APPLE_PASS_TYPE_IDENTIFIER: optional,
  APPLE_TEAM_IDENTIFIER: optional,
  APPLE_PASS_CERTIFICATE_PEM: optional,
  APPLE_PASS_PRIVATE_KEY_PEM: optional,
  APPLE_PASS_KEY_PASSPHRASE: optional,
  // Apple's WWDR intermediate certificate (PEM), bundled into every pass signature
  APPLE_WWDR_CERT_PEM: optional,
  GOOGLE_WALLET_ISSUER_ID: optional,
  GOOGLE_WALLET_SERVICE_ACCOUNT_JSON: optional,
  // pass update pushes: APNs host (unset = https://api.push.apple.com), an extra CA it may present
  // (local stand-ins only), and the Google Wallet REST API host (unset = walletobjects.googleapis.com)
  APPLE_APNS_URL: optional,
  APPLE_APNS_CA_PEM: optional,
  GOOGLE_WALLET_API_BASE: optional,
  // first super admin, created on seed/start when absent
  SUPER_ADMIN_EMAIL: optional,
  SUPER_ADMIN_PASSWORD: optional,
  // error reporting (issue 22 item 4): every 500 to Sentry when set, to the log otherwise
  // (its format is a lib/config-check.ts rule, like the other URLs)
  SENTRY_DSN: optional,
});

export type Env = z.infer<typeof schema>;

function load(): Env {
  const parsed = schema.safeParse(process.env);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)),
    ...checkConfig({ ...process.env, NODE_ENV: "development" }).problems, // format rules only; production ones run at start
  ];
  if (!parsed.success || problems.length) throw new Error(`Invalid environment:\n  - ${problems.join("\n  - ")}`);
  return parsed.data;
}

export const env = load();

export const isConfigured = {
  email: Boolean(env.RESEND_API_KEY),
  sms: Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM_NUMBER),
  stripe: Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET),
  apple: Boolean(env.APPLE_PASS_TYPE_IDENTIFIER && env.APPLE_TEAM_IDENTIFIER && env.APPLE_PASS_CERTIFICATE_PEM && env.APPLE_PASS_PRIVATE_KEY_PEM),
  google: Boolean(env.GOOGLE_WALLET_ISSUER_ID && env.GOOGLE_WALLET_SERVICE_ACCOUNT_JSON),
};

if (env.REQUIRE_REAL_PROVIDERS) {
  const missing = (["email", "sms", "stripe"] as const).filter((k) => !isConfigured[k]);
  if (missing.length) throw new Error(`REQUIRE_REAL_PROVIDERS is set but these providers have no keys: ${missing.join(", ")}`);
}

const DEV_SESSION_SECRET = "dev-only-secret-change-me-0123456789abcdef";

/** The session-signing secret. A fixed development value is used only outside production. */
export function authSecret(): string {
  if (env.NEXTAUTH_SECRET) return env.NEXTAUTH_SECRET;
  if (env.NODE_ENV === "production") throw new Error("NEXTAUTH_SECRET must be set in production");
  return DEV_SESSION_SECRET;
}

/** The same secret read now, never throwing (middleware's token check, the passcode cookie): a
 *  production server without one never starts (lib/config-check.ts). */
export function sessionSecretNow(): string {
  return envNow("NEXTAUTH_SECRET") ?? DEV_SESSION_SECRET;
}

/** Public base URL for links in emails and passes. */
export function appUrl(): string {
  return (env.APP_URL ?? env.NEXTAUTH_URL ?? "http://localhost:3000").replace(/\/$/, "");
}
