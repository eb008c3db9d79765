import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "@/lib/rules/webhook-events";

// The account hub's API & webhooks forms (issue 27): shared by the routes and the forms. No
// server-only or node imports: the browser bundles this file.

export const API_KEY_SCOPES = ["read", "write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const createApiKeySchema = z
  .object({
    name: z.string({ error: "Please give the key a name" }).trim().min(1, "Please give the key a name").max(60, "The name must be at most 60 characters"),
    scope: z.enum(API_KEY_SCOPES, { error: "Scope must be read or write" }),
  })
  .strict();
export type CreateApiKey = z.infer<typeof createApiKeySchema>;

export const createWebhookEndpointSchema = z
  .object({
    url: z.string({ error: "Enter the URL to send events to" }).trim().min(1, "Enter the URL to send events to").max(500, "The URL must be at most 500 characters"),
    events: z
      .array(z.enum(WEBHOOK_EVENT_TYPES, { error: "Unknown event type" }), { error: "Choose at least one event" })
      .min(1, "Choose at least one event")
      .transform((e) => [...new Set(e)]),
  })
  .strict();
export type CreateWebhookEndpoint = z.infer<typeof createWebhookEndpointSchema>;
