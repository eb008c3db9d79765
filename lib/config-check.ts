// Production configuration rules, checked once when the server starts (instrumentation.ts) and
// refusing to start with one message that names every problem. Pure: takes the environment, returns
// the problems, so the rules are unit-tested and the start-up check is one call.
//
// A "local production run" (`next start` for the e2e tests, the security suite and the bench, whose
// public URL is on this machine: localhost / 127.0.0.1 / ::1) is spared the rules that only make sense
// on the internet: https URLs, a long session secret and a cron secret. Everything else still applies.

type Source = Record<string, string | undefined>;

export type ConfigReport = { problems: string[]; warnings: string[] };

const set = (v: string | undefined): v is string => v !== undefined && v.trim() !== "";

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** The public base URL the app builds links with (APP_URL, else NEXTAUTH_URL). */
export function publicUrlOf(source: Source): string | undefined {
  return set(source.APP_URL) ? source.APP_URL : set(source.NEXTAUTH_URL) ? source.NEXTAUTH_URL : undefined;
}

export function isLocalRun(source: Source): boolean {
  const url = publicUrlOf(source);
  const host = url ? parseUrl(url)?.hostname : undefined;
  return host !== undefined && LOOPBACK.has(host);
}

function checkPostgresUrl(name: string, value: string | undefined, problems: string[]) {
  if (!set(value)) return;
  const u = parseUrl(value);
  if (!u || !/^postgres(ql)?:$/.test(u.protocol) || !u.hostname) problems.push(`${name} is not a valid postgresql:// connection URL`);
}

/** All of a vendor's settings or none: a half-configured vendor silently falls back to simulation. */
function allOrNone(vendor: string, names: string[], source: Source, problems: string[]) {
  const present = names.filter((n) => set(source[n]));
  if (present.length > 0 && present.length < names.length) {
    const missing = names.filter((n) => !set(source[n]));
    problems.push(`${vendor} is half-configured: ${present.join(", ")} ${present.length === 1 ? "is" : "are"} set but ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing`);
  }
}

/** Why a Sentry DSN is unusable, or null. Shape: https://PUBLIC_KEY@HOST[:PORT]/[PATH/]PROJECT_ID. */
export function sentryDsnProblem(dsn: string): string | null {
  const url = parseUrl(dsn);
  if (!url) return "not a URL";
  if (url.protocol !== "https:" && url.protocol !== "http:") return "not http(s)";
  if (!url.username) return "no public key";
  if (!/\/\d+$/.test(url.pathname)) return "no project id";
  return null;
}

export const APPLE_SETTINGS = ["APPLE_PASS_TYPE_IDENTIFIER", "APPLE_TEAM_IDENTIFIER", "APPLE_PASS_CERTIFICATE_PEM", "APPLE_PASS_PRIVATE_KEY_PEM", "APPLE_WWDR_CERT_PEM"];

export function checkConfig(source: Source): ConfigReport {
  const problems: string[] = [];
  const warnings: string[] = [];
  const production = source.NODE_ENV === "production";

  // Format rules: every mode.
  checkPostgresUrl("DATABASE_URL", source.DATABASE_URL, problems);
  checkPostgresUrl("DIRECT_URL", source.DIRECT_URL, problems);
  for (const name of ["APP_URL", "NEXTAUTH_URL"]) {
    const v = source[name];
    if (set(v) && !/^https?:$/.test(parseUrl(v)?.protocol ?? "")) problems.push(`${name} is not a valid http(s) URL`);
  }
  if (set(source.DATABASE_POOL_MAX) && !/^[1-9]\d*$/.test(source.DATABASE_POOL_MAX.trim())) problems.push("DATABASE_POOL_MAX must be a whole number of connections (1 or more)");
  if (set(source.SUPPORT_EMAIL) && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(source.SUPPORT_EMAIL.trim())) problems.push("SUPPORT_EMAIL is not an email address");
  for (const name of ["SENTRY_DSN", "NEXT_PUBLIC_SENTRY_DSN"]) {
    const problem = set(source[name]) ? sentryDsnProblem(source[name].trim()) : null;
    if (problem) problems.push(`${name} is not a Sentry DSN (${problem}): copy it from the project's settings, https://PUBLIC_KEY@HOST/PROJECT_ID`);
  }
  if (!production) return { problems, warnings };

  const local = isLocalRun(source);
  if (!set(source.DATABASE_URL)) problems.push("DATABASE_URL is missing (the embedded database is never used in production)");
  if (!set(source.NEXTAUTH_SECRET)) problems.push("NEXTAUTH_SECRET is missing (generate one with: openssl rand -base64 32)");
  else if (!local && source.NEXTAUTH_SECRET.length < 32) problems.push(`NEXTAUTH_SECRET is too short (${source.NEXTAUTH_SECRET.length} characters; at least 32)`);

  const publicUrl = publicUrlOf(source);
  if (!publicUrl) problems.push("APP_URL (or NEXTAUTH_URL) is missing: links in emails and wallet passes need the public https URL");
  if (!local) {
    for (const name of ["APP_URL", "NEXTAUTH_URL"]) {
      const v = source[name];
      if (set(v) && parseUrl(v)?.protocol === "http:") problems.push(`${name} must be an https:// URL in production (it is ${v})`);
    }
    if (!set(source.CRON_SECRET)) problems.push("CRON_SECRET is missing: scheduled jobs (/api/cron/*) would refuse every call");
  }

  allOrNone("Stripe", ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"], source, problems);
  if (set(source.STRIPE_SECRET_KEY) && !set(source.STRIPE_PRICE_ID_MAX)) problems.push("Stripe is half-configured: STRIPE_SECRET_KEY is set but STRIPE_PRICE_ID_MAX is missing");
  allOrNone("Apple Wallet", APPLE_SETTINGS, source, problems);
  if (APPLE_SETTINGS.some((n) => set(source[n])) && publicUrl && parseUrl(publicUrl)?.protocol !== "https:") {
    problems.push(`Apple Wallet needs an https webServiceURL, but passes would point at ${publicUrl.replace(/\/$/, "")}/api/wallet/apple (set APP_URL to the public https URL)`);
  }
  allOrNone("Twilio", ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER"], source, problems);
  if (set(source.RESEND_API_KEY) && (!set(source.EMAIL_FROM) || /@example\.com>?\s*$/i.test(source.EMAIL_FROM))) {
    problems.push("Resend is half-configured: RESEND_API_KEY is set but EMAIL_FROM is missing or still the example.com placeholder (use an address on a domain verified with Resend)");
  }
  allOrNone("Google Wallet", ["GOOGLE_WALLET_ISSUER_ID", "GOOGLE_WALLET_SERVICE_ACCOUNT_JSON"], source, problems);
  if (set(source.GOOGLE_WALLET_SERVICE_ACCOUNT_JSON)) {
    try {
      const sa = JSON.parse(source.GOOGLE_WALLET_SERVICE_ACCOUNT_JSON) as { client_email?: unknown; private_key?: unknown };
      if (typeof sa.client_email !== "string" || typeof sa.private_key !== "string") problems.push("GOOGLE_WALLET_SERVICE_ACCOUNT_JSON lacks client_email or private_key");
    } catch {
      problems.push("GOOGLE_WALLET_SERVICE_ACCOUNT_JSON is not valid JSON");
    }
  }
  allOrNone("The first super admin", ["SUPER_ADMIN_EMAIL", "SUPER_ADMIN_PASSWORD"], source, problems);

  if (!local) {
    if (!set(source.SUPPORT_EMAIL)) warnings.push("SUPPORT_EMAIL is not set: the customer legal text shows a placeholder support address");
    if (set(source.ENABLE_TEST_ENDPOINTS)) warnings.push("ENABLE_TEST_ENDPOINTS is set: the simulated outbox is readable by anyone");
  }
  return { problems, warnings };
}

/** One message naming every problem, for the log and the process's exit. */
export function configErrorMessage(problems: string[]): string {
  return `Refusing to start: the configuration has ${problems.length} problem${problems.length === 1 ? "" : "s"}:\n${problems.map((p) => `  - ${p}`).join("\n")}`;
}
