import { z } from "zod";
import { V1_OPERATIONS, type V1Operation } from "@/lib/api-v1/operations";
import { errorResponse } from "@/lib/api-v1/schemas";
import { WEBHOOK_EVENT_TYPES } from "@/lib/rules/webhook-events";

// The OpenAPI 3.1 document of /api/v1, generated from the operations' zod schemas with zod 4's own
// z.toJSONSchema (JSON Schema 2020-12 is OpenAPI 3.1's schema dialect). Requests are described as
// a client writes them (io: "input"); responses as the server sends them.

type Json = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const out = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
    override: (ctx) => {
      const meta = z.globalRegistry.get(ctx.zodSchema) as { openapi?: Json; openapiRequired?: string[] } | undefined;
      if (meta?.openapiRequired) {
        const js = ctx.jsonSchema as { required?: string[] };
        js.required = [...new Set([...(js.required ?? []), ...meta.openapiRequired])];
      }
      const replacement = meta?.openapi;
      if (!replacement) return;
      const description = ctx.jsonSchema.description;
      for (const k of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as Json)[k];
      Object.assign(ctx.jsonSchema, replacement, description ? { description } : {});
    },
  }) as Json;
  delete out.$schema;
  stripMeta(out);
  return out;
}

/** Our private meta keys are consumed by the override; never shown. zod's safe-integer bounds on
 *  every integer say nothing to a reader either. */
function stripMeta(node: unknown) {
  if (!node || typeof node !== "object") return;
  if (!Array.isArray(node)) {
    const n = node as Json;
    delete n.openapi;
    delete n.openapiRequired;
    if (n.minimum === Number.MIN_SAFE_INTEGER) delete n.minimum;
    if (n.maximum === Number.MAX_SAFE_INTEGER) delete n.maximum;
  }
  for (const v of Object.values(node)) stripMeta(v);
}

function parameters(op: V1Operation): Json[] {
  const list: Json[] = [];
  for (const [where, schema] of [["path", op.params], ["query", op.query]] as const) {
    if (!schema) continue;
    const js = toSchema(schema, "input") as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, prop] of Object.entries(js.properties ?? {})) {
      const { description, ...rest } = prop;
      list.push({ name, in: where, required: where === "path" || (js.required ?? []).includes(name), ...(description ? { description } : {}), schema: rest });
    }
  }
  if (op.idempotent) {
    list.push({ name: "Idempotency-Key", in: "header", required: true, description: "A unique value per request (a UUID); send the same value when retrying it", schema: { type: "string", pattern: "^[A-Za-z0-9._:-]{1,255}$" } });
  }
  return list;
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad input: the message says what to fix; nothing was written",
  401: "Missing, unknown or revoked API key",
  403: "The key's scope does not allow this call, or the business is not active",
  404: "Not found (another business's records are not found either)",
  409: "Refused by the account's state, or the same Idempotency-Key is still being processed",
  422: "The Idempotency-Key was already used for a different request",
  429: "Too many calls for this key: wait for Retry-After seconds",
};

export function buildOpenApiDocument(serverUrl = "/api/v1"): Json {
  const paths: Record<string, Json> = {};
  for (const op of V1_OPERATIONS) {
    const responses: Json = {
      [String(op.response.status)]: { description: op.response.description, content: { "application/json": { schema: toSchema(op.response.schema, "output") } } },
    };
    for (const status of op.errors) responses[String(status)] = { description: STATUS_TEXT[status], content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
    paths[op.path] = {
      ...(paths[op.path] ?? {}),
      [op.method]: {
        operationId: op.id,
        summary: op.summary,
        description: op.description,
        "x-scope": op.scope,
        security: [{ apiKey: [] }],
        parameters: parameters(op),
        ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: toSchema(op.body, "input") } } } } : {}),
        responses,
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Loyalty Legends API",
      version: "1.0.0",
      description:
        "Earn and redeem points from any till. Authenticate with an API key from the account hub (API & webhooks) as `Authorization: Bearer <key>`. Read keys may call GET endpoints; write keys may call all. Each key may make 600 calls a minute. Every write needs an Idempotency-Key header. Outgoing webhooks are described under `webhooks`.",
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "An API key (ll_...)" } },
      schemas: { Error: toSchema(errorResponse, "output") },
    },
    paths,
    webhooks: Object.fromEntries(
      WEBHOOK_EVENT_TYPES.map((type) => [
        type,
        {
          post: {
            summary: `${type} event`,
            description: "Signed: header Loyalty-Signature `t=<unix seconds>,v1=<hex HMAC-SHA256 of \"<t>.<raw body>\" with the endpoint's secret>`. Reject a timestamp more than 5 minutes old. Answer 2xx within 10 seconds; anything else is retried with backoff for 24 hours.",
            requestBody: { content: { "application/json": { schema: { type: "object", required: ["id", "type", "createdAt", "data"], properties: { id: { type: "string" }, type: { const: type }, createdAt: { type: "string", format: "date-time" }, data: { type: "object" } } } } } },
            responses: { "200": { description: "Received" } },
          },
        },
      ]),
    ),
  };
}
