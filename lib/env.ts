import "server-only";
import { z } from "zod";
import { checkConfig } from "@/lib/config-check";
import { databaseUrl, DEFAULT_POOL_MAX, EMBEDDED_DATABASE_URL } from "@/lib/db-pool";

// The environment, validated once. Vendor keys are optional in every mode: a missing key selects
// the simulated provider (the spec's testing mode). REQUIRE_REAL_PROVIDERS=true turns a missing key
// into a start-up error for deployments that must never simulate. The production rules (secrets,
// https, half-configured vendors) are lib/config-check.ts, run at start by instrumentation.ts.

export { EMBEDDED_DATABASE_URL };

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v : undefined));

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

/** The session-signing secret. A fixed development value is used only outside production. */
export function authSecret(): string {
  if (env.NEXTAUTH_SECRET) return env.NEXTAUTH_SECRET;
  if (env.NODE_ENV === "production") throw new Error("NEXTAUTH_SECRET must be set in production");
  return "dev-only-secret-change-me-0123456789abcdef";
}

/** Public base URL for links in emails and passes. */
export function appUrl(): string {
  return (env.APP_URL ?? env.NEXTAUTH_URL ?? "http://localhost:3000").replace(/\/$/, "");
}
