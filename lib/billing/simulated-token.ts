import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/env";
import { badRequest } from "@/lib/errors/api-error";

// The simulated checkout and portal carry their state in a signed, stateless token (no table):
// an HMAC over the JSON payload with the app's auth secret, valid for one hour.

export type CheckoutPurpose = "upgrade" | "reactivate" | "portal";
export type SimulatedPayload = { businessId: number; purpose: CheckoutPurpose; reactivateCustomerId?: number; exp: number };

const TTL_MS = 60 * 60 * 1000;
const sign = (body: string) => createHmac("sha256", authSecret()).update(`simulated-billing:${body}`).digest("base64url");

export function createSimulatedToken(payload: Omit<SimulatedPayload, "exp">, now: Date): string {
  const body = Buffer.from(JSON.stringify({ ...payload, exp: now.getTime() + TTL_MS })).toString("base64url");
  return `${body}.${sign(body)}`;
}

export function readSimulatedToken(token: string, now: Date): SimulatedPayload {
  const [body, mac] = token.split(".");
  const expected = body ? sign(body) : "";
  if (!body || !mac || mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) {
    throw badRequest("This checkout link is invalid");
  }
  const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as SimulatedPayload;
  if (payload.exp < now.getTime()) throw badRequest("This checkout link has expired. Please start again.");
  return payload;
}
