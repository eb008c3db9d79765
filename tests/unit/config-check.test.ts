import { checkConfig, configErrorMessage, isLocalRun } from "@/lib/config-check";

// Issue 22 item 1 / issue 18 item 4: the production configuration rules.

const GOOD = {
  NODE_ENV: "production",
  DATABASE_URL: "postgresql://app:pw@db.internal:6543/loyalty?sslmode=require",
  DIRECT_URL: "postgresql://app:pw@db.internal:5432/loyalty?sslmode=require",
  NEXTAUTH_SECRET: "x".repeat(32),
  NEXTAUTH_URL: "https://app.loyaltylegends.co.uk",
  APP_URL: "https://app.loyaltylegends.co.uk",
  CRON_SECRET: "cron-secret-0123456789",
  SUPPORT_EMAIL: "support@loyaltylegends.co.uk",
};

const APPLE = {
  APPLE_PASS_TYPE_IDENTIFIER: "pass.uk.co.loyaltylegends",
  APPLE_TEAM_IDENTIFIER: "TEAMID1234",
  APPLE_PASS_CERTIFICATE_PEM: "-----BEGIN CERTIFICATE-----",
  APPLE_PASS_PRIVATE_KEY_PEM: "-----BEGIN PRIVATE KEY-----",
  APPLE_WWDR_CERT_PEM: "-----BEGIN CERTIFICATE-----",
};

describe("production configuration check", () => {
  it("accepts a complete configuration, with or without fully configured vendors", () => {
    expect(checkConfig(GOOD)).toEqual({ problems: [], warnings: [] });
    const vendors = {
      ...GOOD,
      ...APPLE,
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_PRICE_ID_MAX: "price_x",
      TWILIO_ACCOUNT_SID: "AC1",
      TWILIO_AUTH_TOKEN: "t",
      TWILIO_FROM_NUMBER: "+447700900000",
      RESEND_API_KEY: "re_x",
      EMAIL_FROM: "Loyalty Legends <hello@loyaltylegends.co.uk>",
      GOOGLE_WALLET_ISSUER_ID: "3388000000000000000",
      GOOGLE_WALLET_SERVICE_ACCOUNT_JSON: JSON.stringify({ client_email: "a@b.iam.gserviceaccount.com", private_key: "k" }),
    };
    expect(checkConfig(vendors).problems).toEqual([]);
  });

  it("names every problem at once: no database, short secret, http URLs, no cron secret", () => {
    const { problems } = checkConfig({ NODE_ENV: "production", NEXTAUTH_SECRET: "short", APP_URL: "http://app.example.co.uk", NEXTAUTH_URL: "http://app.example.co.uk" });
    expect(problems).toEqual([
      "DATABASE_URL is missing (the embedded database is never used in production)",
      "NEXTAUTH_SECRET is too short (5 characters; at least 32)",
      "APP_URL must be an https:// URL in production (it is http://app.example.co.uk)",
      "NEXTAUTH_URL must be an https:// URL in production (it is http://app.example.co.uk)",
      "CRON_SECRET is missing: scheduled jobs (/api/cron/*) would refuse every call",
    ]);
    expect(configErrorMessage(problems)).toMatch(/^Refusing to start: the configuration has 5 problems:\n  - DATABASE_URL is missing/);
  });

  it("refuses an invalid DATABASE_URL in every mode", () => {
    expect(checkConfig({ ...GOOD, DATABASE_URL: "mysql://x@y/z" }).problems).toEqual(["DATABASE_URL is not a valid postgresql:// connection URL"]);
    expect(checkConfig({ NODE_ENV: "development", DATABASE_URL: "not a url" }).problems).toEqual(["DATABASE_URL is not a valid postgresql:// connection URL"]);
    expect(checkConfig({ NODE_ENV: "development" }).problems).toEqual([]); // the embedded database in development
  });

  it("refuses half-configured vendors", () => {
    const problems = (extra: Record<string, string>) => checkConfig({ ...GOOD, ...extra }).problems;
    expect(problems({ STRIPE_SECRET_KEY: "sk_live_x", STRIPE_PRICE_ID_MAX: "price_x" })).toEqual(["Stripe is half-configured: STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is missing"]);
    expect(problems({ STRIPE_WEBHOOK_SECRET: "whsec_x" })).toEqual(["Stripe is half-configured: STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY is missing"]);
    const { APPLE_WWDR_CERT_PEM: _omitted, ...appleWithoutWwdr } = APPLE;
    expect(problems(appleWithoutWwdr)).toEqual([
      "Apple Wallet is half-configured: APPLE_PASS_TYPE_IDENTIFIER, APPLE_TEAM_IDENTIFIER, APPLE_PASS_CERTIFICATE_PEM, APPLE_PASS_PRIVATE_KEY_PEM are set but APPLE_WWDR_CERT_PEM is missing",
    ]);
    expect(problems({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t" })).toEqual(["Twilio is half-configured: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN are set but TWILIO_FROM_NUMBER is missing"]);
    expect(problems({ RESEND_API_KEY: "re_x", EMAIL_FROM: "Loyalty Legends <hello@example.com>" })[0]).toMatch(/^Resend is half-configured: RESEND_API_KEY is set but EMAIL_FROM is missing/);
    expect(problems({ GOOGLE_WALLET_ISSUER_ID: "1" })).toEqual(["Google Wallet is half-configured: GOOGLE_WALLET_ISSUER_ID is set but GOOGLE_WALLET_SERVICE_ACCOUNT_JSON is missing"]);
  });

  it("refuses Apple passes whose webServiceURL would not be https (issue 18 item 4)", () => {
    // a local production run (loopback URL) is spared the https rules, but not Apple's
    const { problems } = checkConfig({ ...GOOD, ...APPLE, APP_URL: "http://127.0.0.1:3000", NEXTAUTH_URL: "http://127.0.0.1:3000" });
    expect(problems).toEqual(["Apple Wallet needs an https webServiceURL, but passes would point at http://127.0.0.1:3000/api/wallet/apple (set APP_URL to the public https URL)"]);
  });

  it("spares local production runs (tests, bench) the internet-only rules", () => {
    const local = { NODE_ENV: "production", DATABASE_URL: GOOD.DATABASE_URL, NEXTAUTH_SECRET: "e2e-secret-0123456789abcdef", NEXTAUTH_URL: "http://127.0.0.1:3100" };
    expect(isLocalRun(local)).toBe(true);
    expect(checkConfig(local)).toEqual({ problems: [], warnings: [] });
    expect(isLocalRun({ APP_URL: "http://127.0.0.1.example.com" })).toBe(false);
  });

  it("warns (without refusing) about a missing support address", () => {
    const { SUPPORT_EMAIL: _omitted, ...rest } = GOOD;
    expect(checkConfig(rest)).toEqual({ problems: [], warnings: ["SUPPORT_EMAIL is not set: the customer legal text shows a placeholder support address"] });
    expect(checkConfig({ ...GOOD, SUPPORT_EMAIL: "nobody" }).problems).toEqual(["SUPPORT_EMAIL is not an email address"]);
  });
});
