import fc from "fast-check";
import { z } from "zod";

// Malformed inputs for the fuzzer, built with fast-check from each endpoint's own zod schema
// (through z.toJSONSchema): a plausible body with one field broken, type-correct fields holding
// nasty text (NUL bytes, lone surrogates, 100k characters, injection strings), missing and extra
// fields (prototype-pollution keys), whole bodies that are not JSON objects, wrong content types.

export type Malformed = { kind: string; rawBody?: string; contentType?: string; query?: string; params?: Record<string, string> };

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; enum?: unknown[]; format?: string; minimum?: number; maximum?: number; minLength?: number; maxLength?: number; items?: JsonSchema; anyOf?: JsonSchema[]; const?: unknown; default?: unknown };

export function jsonSchemaOf(schema: unknown): JsonSchema {
  if (!schema) return {};
  try {
    return z.toJSONSchema(schema as z.ZodType, { unrepresentable: "any", io: "input" }) as JsonSchema;
  } catch {
    return {};
  }
}

const HUGE = "x".repeat(100_000);
const nastyStrings = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u0000".repeat(50),
  "\ud800",
  "x\udfffy",
  "\ud83d",
  "😀🇬🇧",
  "Zoë Ünïcödé ñ 中文 العربية",
  "\u202e\u200b\ufeff",
  "'; DROP TABLE customers; --",
  "' OR '1'='1",
  "1; SELECT pg_sleep(0)",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "${7*7}{{7*7}}",
  "../../../../etc/passwd",
  "%00%27%22",
  "=cmd|' /C calc'!A0",
  "NaN",
  "Infinity",
  "-1",
  "1e309",
  "0x1F",
  "9".repeat(400),
  "-0",
  "1.5",
  "true",
  "null",
  "__proto__",
  HUGE,
  "é".repeat(60_000),
  "a@b",
  "@example.test",
  "x".repeat(300) + "@example.test",
];
const nastyNumbers = [-1, 0, -0.5, 0.5, 1.5, -2147483649, 2147483648, 2 ** 53 + 1, 1e308, -1e308, Number.MIN_VALUE, 1e-7, 99999999999];
const nastyOther: unknown[] = [null, true, false, [], {}, [1, "a", null], { $gt: "" }, { nested: { deeper: [{}] } }, [HUGE]];

/** Any JSON value that is wrong somewhere. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...nastyStrings) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...nastyNumbers) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...nastyOther) },
  { weight: 2, arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 20, max: 400 }).map((depth) => deepNest(depth)) },
);

function deepNest(depth: number): unknown {
  let v: unknown = "bottom";
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/** A value of roughly the right type for a field (so other fields' errors do not hide it). */
function plausible(s: JsonSchema | undefined, name: string): fc.Arbitrary<unknown> {
  if (!s) return fc.constant("x");
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  if (s.anyOf?.length) return fc.oneof(...s.anyOf.map((x) => plausible(x, name)));
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "integer":
      return fc.integer({ min: Math.max(s.minimum ?? 1, -1e6), max: Math.min(s.maximum ?? 1000, 1e6) });
    case "number":
      return fc.double({ min: Math.max(s.minimum ?? 0, -1e6), max: Math.min(s.maximum ?? 1000, 1e6), noNaN: true });
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(plausible(s.items, name), { minLength: 1, maxLength: 3 });
    case "object":
      return fc.constant({});
    default:
      if (s.format === "email" || /email/i.test(name)) return fc.constantFrom("fuzz@example.test", "Fuzz.Person+tag@example.test");
      if (/phone|mobile/i.test(name)) return fc.constantFrom("07700 900123", "+447700900456");
      if (/date|expires|at$/i.test(name)) return fc.constantFrom("2030-01-31", "2030-01-31T10:00:00Z");
      if (/password/i.test(name)) return fc.constant("Passw0rd!");
      return fc.string({ minLength: Math.max(1, s.minLength ?? 1), maxLength: Math.max(1, Math.min(s.maxLength ?? 20, 20)) });
  }
}

function objectArb(schema: JsonSchema, baseline: Record<string, unknown> | undefined): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  if (baseline) return fc.constant(baseline);
  const entries = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, plausible(v, k)]));
  return fc.record(entries) as fc.Arbitrary<Record<string, unknown>>;
}

const json = (v: unknown) => JSON.stringify(v);

/** Malformed bodies for a JSON-body endpoint. `baseline` is a known-valid body when we have one. */
export function malformedBodies(schema: unknown, baseline: Record<string, unknown> | undefined): fc.Arbitrary<Malformed> {
  const js = jsonSchemaOf(schema);
  const keys = Object.keys(js.properties ?? {});
  const base = objectArb(js, baseline);
  const key = keys.length ? fc.constantFrom(...keys) : fc.constant("field");
  const strKeys = keys.filter((k) => {
    const t = js.properties?.[k]?.type;
    return t === "string" || (Array.isArray(t) && t.includes("string")) || js.properties?.[k]?.anyOf?.some((x) => x.type === "string");
  });
  const strKey = strKeys.length ? fc.constantFrom(...strKeys) : key;
  return fc.oneof(
    // One field of the wrong type or out of range.
    { weight: 6, arbitrary: fc.tuple(base, key, nastyValue).map(([b, k, v]) => ({ kind: "field", rawBody: json({ ...b, [k]: v }) })) },
    // Text fields that pass type checks but carry what a database or a page chokes on.
    { weight: 5, arbitrary: fc.tuple(base, strKey, fc.constantFrom(...nastyStrings)).map(([b, k, v]) => ({ kind: "text", rawBody: json({ ...b, [k]: v }) })) },
    // Every field broken at once.
    { weight: 2, arbitrary: fc.tuple(base, fc.array(nastyValue, { minLength: keys.length, maxLength: keys.length })).map(([b, vs]) => ({ kind: "all-fields", rawBody: json(Object.fromEntries(Object.keys(b).map((k, i) => [k, vs[i] ?? null]))) })) },
    // Missing fields.
    { weight: 2, arbitrary: fc.tuple(base, fc.subarray(keys)).map(([b, drop]) => ({ kind: "missing", rawBody: json(Object.fromEntries(Object.entries(b).filter(([k]) => !drop.includes(k)))) })) },
    // Extra fields, prototype pollution (written as JSON text: an object literal would set the prototype).
    {
      weight: 2,
      arbitrary: fc.tuple(base, fc.constantFrom("__proto__", "constructor", "prototype", "businessId", "id", "isAdmin", "totalPoints", "accountStatus"), nastyValue).map(([b, k, v]) => ({
        kind: "extra",
        rawBody: `{${[...Object.entries(b).map(([bk, bv]) => `${json(bk)}:${json(bv) ?? "null"}`), `${json(k)}:${json(k === "__proto__" || k === "constructor" ? { isAdmin: true, prototype: { polluted: 1 } } : v) ?? "null"}`].join(",")}}`,
      })),
    },
    // Not a JSON object at all.
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.constantFrom("null", "[]", "1", '"text"', "true", "{", "{'a':1}", "{\"a\":}", "\ufeff{}", "{}}", "[[[[[[[[[[", "\u0000", "a=1&b=2", "<xml/>", json(deepNest(2000))),
        fc.string({ maxLength: 60 }),
        fc.jsonValue({ maxDepth: 2 }).map((v) => json(v)),
      ).map((rawBody) => ({ kind: "not-an-object", rawBody })),
    },
    // The right body under the wrong content type, or form encoding.
    {
      weight: 1,
      arbitrary: fc.tuple(base, fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "")).map(([b, contentType]) => ({
        kind: "content-type",
        contentType,
        rawBody: contentType.startsWith("application/x-www") ? new URLSearchParams(Object.entries(b).map(([k, v]) => [k, String(v)])).toString() : json(b),
      })),
    },
  );
}

/** Malformed query strings for a GET endpoint's query schema. */
export function malformedQueries(schema: unknown): fc.Arbitrary<Malformed> {
  const keys = Object.keys(jsonSchemaOf(schema).properties ?? {});
  const key = fc.constantFrom(...(keys.length ? keys : ["q"]), "__proto__", "constructor", "x");
  const str = fc.oneof(fc.constantFrom(...nastyStrings.filter((s) => s.length < 1000), "x".repeat(5000)), fc.string({ maxLength: 30 }), fc.integer().map(String), fc.double().map(String));
  return fc
    .array(fc.tuple(key, str), { minLength: 1, maxLength: 4 })
    .map((pairs) => ({ kind: "query", query: pairs.map(([k, v]) => `${encodeURIComponent(k)}=${safeEncode(v)}`).join("&") }));
}

/** Malformed path params: ids that are not positive integers, emails and numbers that are not. */
export function malformedParams(names: string[]): fc.Arbitrary<Malformed> {
  const bad = fc.oneof(
    fc.constantFrom("0", "-1", "1.5", "1e3", "abc", "9".repeat(30), "2147483648", "NaN", "%00", "\u0000", "' OR 1=1", "..", "%E0%A4%A", "\ud800", " 1", "1 ", "0x10", "__proto__"),
    fc.string({ maxLength: 20 }),
  );
  return fc.array(bad, { minLength: names.length, maxLength: names.length }).map((vs) => ({ kind: "params", params: Object.fromEntries(names.map((n, i) => [n, vs[i]])) }));
}

function safeEncode(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return "%ED%A0%80"; // a lone surrogate, as bytes
  }
}

/** n inputs, reproducible for one seed. */
export const sampleInputs = (arb: fc.Arbitrary<Malformed>, n: number, seed: number) => fc.sample(arb, { numRuns: n, seed });
