import { POST as sendVerification } from "@/app/api/customers/send-verification/route";
import { POST as verifyAndCreate } from "@/app/api/customers/verify-and-create/route";
import { GET as lastSms } from "@/app/api/test/last-simulated-sms/route";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { call } from "./http";
import { pendingCustomer } from "./factories";

/** The code the simulated SMS provider would have texted to this number. */
export async function lastCodeTo(phone: string): Promise<string> {
  const res = await call<{ code: string }>(lastSms, { path: `/api/test/last-simulated-sms?to=${encodeURIComponent(phone)}` });
  if (res.status !== 200) throw new Error(`no SMS to ${phone}: ${res.text}`);
  return res.json.code;
}

/** Adds a customer through the real four-step API flow (send code, read the SMS, verify). */
export async function addCustomer(cookie: string, overrides: Record<string, unknown> = {}): Promise<CustomerDto> {
  const sent = await call<{ customerData: Record<string, unknown>; phone: string }>(sendVerification, { method: "POST", cookie, body: pendingCustomer(overrides) });
  if (sent.status !== 200) throw new Error(`send-verification failed: ${sent.status} ${sent.text}`);
  const code = await lastCodeTo(sent.json.phone);
  const created = await call<{ customer: CustomerDto }>(verifyAndCreate, {
    method: "POST",
    cookie,
    body: { ...sent.json.customerData, verificationCode: code, sendWelcomeEmail: true, autoGenerateCard: true },
  });
  if (created.status !== 201) throw new Error(`verify-and-create failed: ${created.status} ${created.text}`);
  return created.json.customer;
}
