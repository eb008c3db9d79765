import { envNow, sessionSecretNow } from "@/lib/env";
import { checkConfig, sentryDsnProblem } from "@/lib/config-check";
import { contentSecurityPolicy, errorReportOrigin } from "@/lib/csp.mjs";
import { directives } from "@/tests/security/support/web-headers";
import { scrubErrorEvent } from "@/lib/rules/personal-data";
import { restoreEnvAfterEach } from "../helpers/isolated-env";

// Issue 21 item 3: settings read when used go through lib/env.ts's envNow (tests switch them while
// the process runs). Issue 22 item 4: the Sentry DSN's shape, and the CSP naming its host only when
// browser reporting is on.

describe("envNow", () => {
  restoreEnvAfterEach();

  it("reads the environment at the call, not at import", () => {
    delete process.env.TESTING_PASSCODE;
    expect(envNow("TESTING_PASSCODE")).toBeUndefined();
    process.env.TESTING_PASSCODE = "open-sesame";
    expect(envNow("TESTING_PASSCODE")).toBe("open-sesame");
    process.env.TESTING_PASSCODE = "  ";
    expect(envNow("TESTING_PASSCODE")).toBeUndefined(); // blank = unset
  });

  it("numbers are numbers when they are, undefined otherwise (callers keep their defaults)", () => {
    process.env.RATE_LIMIT_MULTIPLIER = "50";
    expect(envNow("RATE_LIMIT_MULTIPLIER")).toBe(50);
    process.env.RATE_LIMIT_MULTIPLIER = "lots";
    expect(envNow("RATE_LIMIT_MULTIPLIER")).toBeUndefined();
  });

  it("the session secret read now falls back to the development one", () => {
    process.env.NEXTAUTH_SECRET = "s".repeat(40);
    expect(sessionSecretNow()).toBe("s".repeat(40));
    delete process.env.NEXTAUTH_SECRET;
    expect(sessionSecretNow()).toMatch(/^dev-only-/);
  });
});

describe("Sentry DSN", () => {
  it.each([
    ["https://abc123@o1.ingest.sentry.io/4501", null],
    ["http://publickey@127.0.0.1:9000/42", null],
    ["https://o1.ingest.sentry.io/4501", "no public key"],
    ["https://abc123@o1.ingest.sentry.io/", "no project id"],
    ["sentry.io", "not a URL"],
  ])("%s -> %s", (dsn, problem) => {
    expect(sentryDsnProblem(dsn)).toBe(problem);
  });

  it("a malformed DSN is a configuration problem in every mode (the server refuses to start)", () => {
    expect(checkConfig({ NODE_ENV: "development", SENTRY_DSN: "https://o1.ingest.sentry.io/4501" }).problems).toEqual([
      "SENTRY_DSN is not a Sentry DSN (no public key): copy it from the project's settings, https://PUBLIC_KEY@HOST/PROJECT_ID",
    ]);
    expect(checkConfig({ NODE_ENV: "development", SENTRY_DSN: "https://abc123@o1.ingest.sentry.io/4501" }).problems).toEqual([]);
  });

  it("the CSP names the DSN's origin in connect-src only when browser reporting is on", () => {
    const on = directives(contentSecurityPolicy({ production: true, maps: false, reportOrigin: errorReportOrigin("https://abc123@o1.ingest.sentry.io/4501") }));
    expect(on.get("connect-src")).toEqual(["'self'", "https://o1.ingest.sentry.io"]);
    const off = directives(contentSecurityPolicy({ production: true, maps: false, reportOrigin: errorReportOrigin(undefined) }));
    expect(off.get("connect-src")).toEqual(["'self'"]);
    expect(errorReportOrigin("not a dsn")).toBeNull();
  });
});

describe("error reports carry no personal data", () => {
  it("scrubs the request URL's path and query, keeps host and port, drops cookies and identifying headers", () => {
    const event = scrubErrorEvent({
      type: undefined,
      message: "failed for jo@example.com",
      request: { url: "http://127.0.0.1:3177/api/customer-portal/accounts/jo%40example.com?phone=07700900123", cookies: { s: "x" }, headers: { cookie: "s=x", authorization: "Bearer t", "x-request-id": "req-12345678", "user-agent": "curl" } },
      user: { email: "jo@example.com", ip_address: "10.0.0.1" },
    });
    expect(event.message).toBe("failed for [email]");
    expect(event.request).toEqual({ url: "http://127.0.0.1:3177/api/customer-portal/accounts/[email]?phone=[filtered]", headers: { "x-request-id": "req-12345678", "user-agent": "curl" } });
    expect(event.user).toEqual({});
  });

  it("a browser click's breadcrumb keeps the element but not its label (rows are labelled with the customer's name)", () => {
    const event = scrubErrorEvent({
      type: undefined,
      breadcrumbs: [
        { category: "ui.click", message: 'div.flex > button.size-8[aria-label="delete transaction for Winifred Featherstonehaugh"][type="button"]' },
        { category: "ui.click", message: 'span[title="Winifred Featherstonehaugh: available"] > img[alt="Winifred"]' },
      ],
    });
    expect(event.breadcrumbs?.map((b) => b.message)).toEqual(['div.flex > button.size-8[aria-label][type="button"]', "span[title] > img[alt]"]);
  });
});
