/** @jest-environment node */
import fc from "fast-check";
import { nextAttemptAt, RETRY_WINDOW_MS, signatureHeader, verifySignature, endpointUrlProblem } from "@/lib/outgoing-webhooks/webhook-rules";
import { bearerKey, generateApiKey, hashApiKey, scopeAllows, scopeNeeded } from "@/lib/api-keys/api-key-rules";
import { requestHash } from "@/lib/api-keys/idempotency";

// Issue 27: the pure rules of API keys, Idempotency-Key hashing and webhook signing and retries.

describe("webhook signatures (t=...,v1=... like Stripe's)", () => {
  const secret = "whsec_test";
  const at = new Date("2026-11-25T12:00:00Z");

  it("verifies what it signs, and nothing else", () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), (body, otherSecret) => {
        const header = signatureHeader(secret, body, at);
        expect(verifySignature(secret, body, header, at)).toBe(true);
        expect(verifySignature(secret, body + " ", header, at)).toBe(false);
        if (otherSecret !== secret) expect(verifySignature(otherSecret, body, header, at)).toBe(false);
      }),
    );
  });

  it("is replay-safe: a captured delivery is refused once its timestamp is over 5 minutes old, and the timestamp cannot be swapped", () => {
    const body = '{"id":"evt_1"}';
    const header = signatureHeader(secret, body, at);
    expect(verifySignature(secret, body, header, new Date(at.getTime() + 299_000))).toBe(true);
    expect(verifySignature(secret, body, header, new Date(at.getTime() + 301_000))).toBe(false);
    const fresh = Math.floor(at.getTime() / 1000) + 3600;
    const swapped = header.replace(/^t=\d+/, `t=${fresh}`);
    expect(verifySignature(secret, body, swapped, new Date(fresh * 1000))).toBe(false);
    expect(verifySignature(secret, body, null, at)).toBe(false);
    expect(verifySignature(secret, body, "t=abc,v1=zz", at)).toBe(false);
  });
});

describe("retry schedule", () => {
  const created = new Date("2026-11-25T00:00:00Z");

  it("backs off 1, 3, 9, 27, 81, 243, 729 minutes, then tries once at 24 hours, then gives up", () => {
    let last = created;
    const gaps: number[] = [];
    for (let attempts = 1; ; attempts++) {
      const next = nextAttemptAt(created, attempts, last);
      if (!next) break;
      gaps.push((next.getTime() - last.getTime()) / 60_000);
      last = next;
    }
    expect(gaps.slice(0, 7)).toEqual([1, 3, 9, 27, 81, 243, 729]);
    expect(last.getTime() - created.getTime()).toBe(RETRY_WINDOW_MS);
    expect(gaps).toHaveLength(8);
  });

  it("never schedules past 24 hours after the event, and always moves forward", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: RETRY_WINDOW_MS + 3_600_000 }), (attempts, offset) => {
        const last = new Date(created.getTime() + offset);
        const next = nextAttemptAt(created, attempts, last);
        if (offset >= RETRY_WINDOW_MS) return expect(next).toBeNull();
        expect(next).not.toBeNull();
        expect(next!.getTime()).toBeGreaterThan(last.getTime());
        expect(next!.getTime()).toBeLessThanOrEqual(created.getTime() + RETRY_WINDOW_MS);
      }),
    );
  });
});

describe("API keys and idempotency", () => {
  it("makes high-entropy keys read back from the Bearer header, stored as sha256", () => {
    const { key, prefix, hash } = generateApiKey();
    expect(bearerKey(`Bearer ${key}`)).toBe(key);
    expect(bearerKey(`bearer ${key}`)).toBe(key);
    expect(bearerKey(key)).toBeNull();
    expect(bearerKey(`Bearer ${key}x`)).toBeNull();
    expect(hash).toBe(hashApiKey(key));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(key.startsWith(prefix)).toBe(true);
    expect(generateApiKey().key).not.toBe(key);
  });

  it("read keys read, write keys do everything", () => {
    expect(scopeAllows("read", scopeNeeded("GET"))).toBe(true);
    expect(scopeAllows("read", scopeNeeded("POST"))).toBe(false);
    expect(scopeAllows("write", scopeNeeded("POST"))).toBe(true);
    expect(scopeAllows("write", scopeNeeded("GET"))).toBe(true);
  });

  it("hashes the same request the same whatever the key order, and a different body differently", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (body) => {
        const reversed = Object.fromEntries(Object.entries(body).reverse());
        expect(requestHash("POST", "/api/v1/transactions", reversed)).toBe(requestHash("post", "/api/v1/transactions", body));
        expect(requestHash("POST", "/api/v1/transactions", { ...body, __extra: 1 })).not.toBe(requestHash("POST", "/api/v1/transactions", body));
      }),
    );
  });

  it("webhook URLs: https in production, no credentials, no private addresses", () => {
    expect(endpointUrlProblem("https://till.example.com/hook", true)).toBeNull();
    expect(endpointUrlProblem("http://till.example.com/hook", true)).toBe("The URL must start with https://");
    expect(endpointUrlProblem("https://127.0.0.1/hook", true)).toBe("The URL must be a public address");
    expect(endpointUrlProblem("https://user:pw@example.com/", true)).toBe("The URL must not contain a user name or password");
    expect(endpointUrlProblem("not a url", true)).toMatch(/full URL/);
    expect(endpointUrlProblem("http://127.0.0.1:4000/hook", false)).toBeNull();
  });
});
