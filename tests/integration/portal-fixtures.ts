import { randomUUID } from "node:crypto";
import { POST as verifyAccess } from "@/app/api/customer/verify-access/route";
import { db } from "@/lib/db";
import type { VerifyAccessResponse } from "@/lib/portal/types";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";

// Customer portal tests: customers are added through the real SMS-verified flow (which sends the
// welcome email), and addresses are proven through the real code flow.

export const uniqueEmail = (label = "portal") => `${label}-${randomUUID().slice(0, 8)}@example.test`;

/** A business with one customer at `email` (welcome email sent). */
export async function businessWithCustomer(email = uniqueEmail(), overrides: Record<string, unknown> = {}) {
  const business = await createBusinessSession();
  const customer = await addCustomer(business.cookie, { email, ...overrides });
  return { business, customer, email };
}

/** The newest access code emailed to this address (from the simulated outbox). */
export async function lastAccessCode(email: string): Promise<string> {
  const row = await db.outboundMessage.findFirstOrThrow({ where: { recipient: email, channel: "email", emailType: "portal_access" }, orderBy: { id: "desc" } });
  const match = /\b(\d{6})\b/.exec(row.text ?? "");
  if (!match) throw new Error(`no code in the email to ${email}`);
  return match[1];
}

/** Proves the address with the emailed code; returns the portal session cookie and the answer. */
export async function provePortalEmail(email: string) {
  const asked = await call<VerifyAccessResponse>(verifyAccess, { method: "POST", body: { email } });
  if (asked.status !== 200) throw new Error(`code request failed: ${asked.status} ${asked.text}`);
  const res = await call<VerifyAccessResponse>(verifyAccess, { method: "POST", body: { email, code: await lastAccessCode(email) } });
  if (res.status !== 200 || !res.cookie) throw new Error(`code check failed: ${res.status} ${res.text}`);
  return { cookie: res.cookie, json: res.json };
}

/** The signed link of the welcome email sent to this customer, as path + query. */
export async function welcomeLink(customerId: number, page: "customer-portal" | "customer-preferences"): Promise<{ path: string; token: string }> {
  const welcome = await db.outboundMessage.findFirstOrThrow({ where: { customerId, channel: "email", emailType: "welcome" }, orderBy: { id: "desc" } });
  const match = new RegExp(`/${page}\\?access=([^"&<\\s]+)`).exec(welcome.html ?? "");
  if (!match) throw new Error(`no ${page} link in the welcome email`);
  return { path: `/${page}?access=${match[1]}`, token: decodeURIComponent(match[1]) };
}
