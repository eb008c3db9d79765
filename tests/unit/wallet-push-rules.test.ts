/** @jest-environment node */
import fc from "fast-check";
import { APNS_CONFIGURATION_REASONS, APNS_RETRY_REASONS, APNS_UNREGISTERED_REASONS, classifyApnsConnectionError, classifyApnsResponse } from "@/lib/wallet/push/classify-apns-response";
import { retryDelayMs } from "@/lib/wallet/push/retry-backoff";
import { passLastModified } from "@/lib/wallet/apple/get-latest-apple-pass";
import { FIRST_PASS_TAG, parseUpdateTag } from "@/lib/wallet/apple/web-service/list-updated-apple-passes";
import { APNS_DOCUMENTED_ERRORS } from "../helpers/apns-stand-in";

// Issue 18: the pure rules of live wallet passes.

describe("classifyApnsResponse", () => {
  it("puts every reason of Apple's table in exactly one class", () => {
    const classes = [APNS_CONFIGURATION_REASONS, APNS_RETRY_REASONS, APNS_UNREGISTERED_REASONS].map((l) => new Set<string>(l));
    for (const [, reason] of APNS_DOCUMENTED_ERRORS) expect(classes.filter((c) => c.has(reason))).toHaveLength(1);
  });

  it.each(APNS_DOCUMENTED_ERRORS)("%i %s", (status, reason) => {
    const expected = (APNS_UNREGISTERED_REASONS as string[]).includes(reason) ? "unregistered" : (APNS_RETRY_REASONS as string[]).includes(reason) ? "retry" : "configuration";
    expect(classifyApnsResponse(status, reason)).toBe(expected);
  });

  it("reads the status when the reason is unknown: 410 drop, 429/5xx retry, other 4xx configuration, no answer retry", () => {
    expect(classifyApnsResponse(200, undefined)).toBe("sent");
    expect(classifyApnsResponse(410, "SomethingNew")).toBe("unregistered");
    expect(classifyApnsResponse(429, undefined)).toBe("retry");
    expect(classifyApnsResponse(502, undefined)).toBe("retry");
    expect(classifyApnsResponse(400, "SomethingNew")).toBe("configuration");
    expect(classifyApnsResponse(403, undefined)).toBe("configuration");
    expect(classifyApnsResponse(undefined, undefined)).toBe("retry");
  });

  it("calls TLS failures configuration errors and network failures retries", () => {
    expect(classifyApnsConnectionError("error:0A000412:SSL routines::sslv3 alert bad certificate", "ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE")).toBe("configuration");
    expect(classifyApnsConnectionError("self-signed certificate", "DEPTH_ZERO_SELF_SIGNED_CERT")).toBe("configuration");
    expect(classifyApnsConnectionError("error:05800074:x509 certificate routines::key values mismatch", "ERR_OSSL_X509_KEY_VALUES_MISMATCH")).toBe("configuration");
    expect(classifyApnsConnectionError("connect ECONNREFUSED 127.0.0.1:443", "ECONNREFUSED")).toBe("retry");
    expect(classifyApnsConnectionError("read ECONNRESET", "ECONNRESET")).toBe("retry");
    expect(classifyApnsConnectionError("stream closed")).toBe("retry");
  });
});

describe("retryDelayMs", () => {
  it("doubles from 30 s to an hour for retries and from an hour to a day for configuration errors, jittered in the upper half", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.constantFrom("retry" as const, "configuration" as const), (n, random, kind) => {
        const [base, cap] = kind === "retry" ? [30_000, 3_600_000] : [3_600_000, 86_400_000];
        const full = Math.min(cap, base * 2 ** (n - 1));
        const d = retryDelayMs(kind, n, random);
        return d >= full / 2 && d <= full;
      }),
    );
    expect(retryDelayMs("retry", 1, 0)).toBe(15_000);
    expect(retryDelayMs("retry", 2, 0.999)).toBeGreaterThan(59_000);
  });

  it("is never shorter than a Retry-After, and jitter spreads many cards failing at once", () => {
    expect(retryDelayMs("retry", 1, 0.5, 7_200_000)).toBe(7_200_000);
    const spread = new Set(Array.from({ length: 50 }, () => retryDelayMs("retry", 3)));
    expect(spread.size).toBeGreaterThan(40);
  });
});

describe("update tags and Last-Modified", () => {
  it("reads only tags of the commit-order sequence; epoch-ms tags of the old scheme mean no tag", () => {
    expect(parseUpdateTag(undefined)).toBeNull();
    expect(parseUpdateTag("abc")).toBeNull();
    expect(parseUpdateTag(String(Date.now()))).toBeNull();
    expect(parseUpdateTag(FIRST_PASS_TAG.toString())).toBe(FIRST_PASS_TAG);
    expect(parseUpdateTag("10000000012345")).toBe(BigInt("10000000012345"));
    expect(parseUpdateTag("9".repeat(19))).toBeNull();
  });

  it("never dates a pass after the response, nor inside the last 2 seconds, and never later than its change", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }), fc.integer({ min: -5_000, max: 100_000 }), (changed, age) => {
        const now = new Date(changed + age);
        const { lastModified, changedAt } = passLastModified(new Date(changed), now);
        return lastModified.getTime() <= now.getTime() - 2_000 && lastModified.getTime() <= changedAt.getTime() && lastModified.getTime() % 1000 === 0;
      }),
    );
  });
});
