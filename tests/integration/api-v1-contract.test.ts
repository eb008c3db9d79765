/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { GET as openapiJson } from "@/app/api/v1/openapi.json/route";
import { ROUTE_META, type RouteMeta } from "@/lib/api/route";
import { V1_OPERATIONS, type V1Operation } from "@/lib/api-v1/operations";
import { call } from "../helpers/http";
import { asTill, businessWithKeys, customerWithPoints, insertVoucher, newIdempotencyKey } from "./api-v1-fixtures";

// Issue 27: the contract between /api/v1's handlers and its OpenAPI document. Fails when
// - a route file under app/api/v1 has no documented operation, or a documented one has no handler;
// - a handler parses with other schemas than the document was generated from, or is not an API-key route;
// - a handler's real answer (status and body) does not match the document's response schema, or an
//   error it gives is not among the documented ones.

type Json = Record<string, unknown>;
type Handler = Parameters<typeof call>[0] & { [ROUTE_META]?: RouteMeta };
const ROOT = path.join(process.cwd(), "app/api/v1");

function routeFiles(dir = ROOT): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? routeFiles(path.join(dir, e.name)) : e.name === "route.ts" ? [path.join(dir, e.name)] : []));
}
const docPath = (file: string) => "/" + path.relative(ROOT, path.dirname(file)).split(path.sep).map((s) => s.replace(/^\[(.+)\]$/, "{$1}")).join("/");

let doc: Json;
beforeAll(async () => {
  process.env.WEBHOOK_DELIVERY = "cron-only";
  const res = await call<Json>(openapiJson as Handler, { path: "/api/v1/openapi.json" });
  expect(res.status).toBe(200);
  doc = res.json;
});

/** The JSON Schema subset z.toJSONSchema emits for our schemas, checked strictly. */
function check(schema: Json, value: unknown, at: string, errors: string[]) {
  if (schema.$ref) return check(resolveRef(String(schema.$ref)), value, at, errors);
  if (schema.anyOf || schema.oneOf) {
    const options = (schema.anyOf ?? schema.oneOf) as Json[];
    const passing = options.filter((o) => {
      const e: string[] = [];
      check(o, value, at, e);
      return e.length === 0;
    });
    if (passing.length === 0) errors.push(`${at}: matches none of the documented options`);
    return;
  }
  if ("const" in schema && value !== schema.const) errors.push(`${at}: expected ${JSON.stringify(schema.const)}`);
  if (schema.enum && !(schema.enum as unknown[]).includes(value)) errors.push(`${at}: ${JSON.stringify(value)} not in enum`);
  const types = schema.type === undefined ? null : ([] as unknown[]).concat(schema.type);
  const actual = value === null ? "null" : Array.isArray(value) ? "array" : Number.isInteger(value) ? "integer" : typeof value;
  if (types && !types.includes(actual) && !(actual === "integer" && types.includes("number"))) return void errors.push(`${at}: ${actual} where the document says ${types.join("|")}`);
  if (actual === "object") {
    const props = (schema.properties ?? {}) as Record<string, Json>;
    for (const k of (schema.required ?? []) as string[]) if (!(k in (value as Json))) errors.push(`${at}.${k}: missing`);
    for (const [k, v] of Object.entries(value as Json)) {
      if (props[k]) check(props[k], v, `${at}.${k}`, errors);
      else if (schema.additionalProperties === false) errors.push(`${at}.${k}: not in the document`);
    }
  }
  if (actual === "array" && schema.items) (value as unknown[]).forEach((v, i) => check(schema.items as Json, v, `${at}[${i}]`, errors));
}
function resolveRef(ref: string): Json {
  return ref.replace(/^#\//, "").split("/").reduce<Json>((node, key) => node[key] as Json, doc);
}
function conforms(op: V1Operation, status: number, body: unknown) {
  const operation = ((doc.paths as Json)[op.path] as Json)[op.method] as Json;
  const response = (operation.responses as Json)[String(status)] as Json | undefined;
  if (!response) return [`${op.id}: status ${status} is not documented`];
  const errors: string[] = [];
  check(((response.content as Json)["application/json"] as Json).schema as Json, body, op.id, errors);
  return errors;
}

describe("the route files and the operations list agree", () => {
  const files = routeFiles().filter((f) => !f.includes("openapi.json"));

  it.each(files.map((f) => [path.relative(process.cwd(), f), f]))("%s is documented with the schemas it parses with", async (_label, file) => {
    const mod = (await import(file)) as Record<string, Handler>;
    const methods = Object.keys(mod).filter((k) => /^(GET|POST|PUT|PATCH|DELETE)$/.test(k));
    expect(methods.length).toBeGreaterThan(0);
    for (const m of methods) {
      const op = V1_OPERATIONS.find((o) => o.path === docPath(file) && o.method === m.toLowerCase());
      expect(op).toBeDefined();
      const meta = mod[m][ROUTE_META]!;
      expect(meta.audience).toBe("api-key");
      expect(meta.spec.params).toBe(op!.params);
      expect(meta.spec.query).toBe(op!.query);
      expect(meta.spec.body).toBe(op!.body);
      const documented = ((doc.paths as Json)[op!.path] as Json)[op!.method] as Json;
      expect(documented).toBeDefined();
      expect(Boolean(documented.requestBody)).toBe(Boolean(op!.body));
      expect((documented.parameters as Json[]).some((p) => p.name === "Idempotency-Key")).toBe(op!.idempotent);
    }
  });

  it("every documented operation has a handler", async () => {
    const modules = await Promise.all(files.map(async (f) => [f, (await import(f)) as object] as const));
    const served = new Set(modules.flatMap(([f, mod]) => Object.keys(mod).map((m) => `${m.toLowerCase()} ${docPath(f)}`)));
    for (const op of V1_OPERATIONS) expect(served).toContain(`${op.method} ${op.path}`);
    expect(Object.keys(doc.paths as Json).sort()).toEqual([...new Set(V1_OPERATIONS.map((o) => o.path))].sort());
  });

  it("the document is OpenAPI 3.1 with the API-key scheme and the four webhook events", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.webhooks as Json).sort()).toEqual(["customer.created", "points.changed", "voucher.redeemed", "voucher.sent"]);
  });
});

describe("the handlers answer what the document says", () => {
  let A: Awaited<ReturnType<typeof businessWithKeys>>;
  const handler = async (op: V1Operation) => {
    const file = path.join(ROOT, op.path.replace(/\{(\w+)\}/g, "[$1]"), "route.ts");
    return ((await import(file)) as Record<string, Handler>)[op.method.toUpperCase()];
  };
  beforeAll(async () => {
    A = await businessWithKeys();
  });

  it("each operation's success answer and its errors match the document", async () => {
    const c = await customerWithPoints(A.businessId, 150);
    const v = await insertVoucher(A.businessId, c.id);
    const requests: Record<string, { path: string; params?: Record<string, string>; body?: unknown; bad: { path: string; params?: Record<string, string>; body?: unknown } }> = {
      lookupCustomer: { path: `/api/v1/customers/lookup?membershipNumber=${c.membershipNumber}`, bad: { path: "/api/v1/customers/lookup" } },
      listCustomerVouchers: { path: `/api/v1/customers/${c.id}/vouchers`, params: { id: String(c.id) }, bad: { path: "/api/v1/customers/x/vouchers", params: { id: "x" } } },
      recordTransaction: { path: "/api/v1/transactions", body: { type: "points_redemption", customerId: c.id, pointsToRedeem: 100 }, bad: { path: "/api/v1/transactions", body: { type: "purchase", customerId: c.id, amount: "-1" } } },
      redeemVoucher: { path: `/api/v1/vouchers/${v.id}/redeem`, params: { id: String(v.id) }, body: { amount: "9.99" }, bad: { path: `/api/v1/vouchers/${v.id}/redeem`, params: { id: String(v.id) }, body: {} } },
    };
    expect(Object.keys(requests).sort()).toEqual(V1_OPERATIONS.map((o) => o.id).sort());
    for (const op of V1_OPERATIONS) {
      const h = await handler(op);
      const r = requests[op.id];
      const method = op.method.toUpperCase();
      const ok = await call(h, asTill(A.writeKey, { method, path: r.path, params: r.params, body: r.body, idempotencyKey: op.idempotent ? newIdempotencyKey() : undefined }));
      expect({ op: op.id, status: ok.status }).toEqual({ op: op.id, status: op.response.status });
      expect(conforms(op, ok.status, ok.json)).toEqual([]);
      expect(() => op.response.schema.parse(ok.json)).not.toThrow();

      const bad = await call(h, asTill(A.writeKey, { method, path: r.bad.path, params: r.bad.params, body: r.bad.body, idempotencyKey: op.idempotent ? newIdempotencyKey() : undefined }));
      expect(op.errors).toContain(bad.status);
      expect(conforms(op, bad.status, bad.json)).toEqual([]);
      const unauthenticated = await call(h, { method, path: r.path, params: r.params, body: r.body });
      expect(conforms(op, unauthenticated.status, unauthenticated.json)).toEqual([]);
    }
  });
});
