import { expect, type Page } from "@playwright/test";

// Shared steps for the end-to-end specs. Sign-up through the API is used where the test is about
// something else (the sign-up screen itself is covered by auth.spec.ts); page.request shares the
// browser context's cookies, so the page is signed in afterwards.

export function uniqueId(): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`;
}

export function randomMobile(): string {
  return `07${7 + Math.floor(Math.random() * 3)}${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
}

export async function signUpViaApi(page: Page, label: string) {
  const id = uniqueId();
  const account = {
    businessName: `E2E ${label} ${id}`,
    ownerFirstName: "Ada",
    ownerLastName: "Lovelace",
    email: `e2e-${label}-${id}@example.com`,
    // A fresh number per sign-up: verification codes are limited per number.
    phone: randomMobile(),
    businessAddress: "1 High Street, London SW1A 1AA",
    password: "Passw0rd!",
    confirmPassword: "Passw0rd!",
    acceptTerms: true,
  };
  // The phone is verified first: the code texted by send-code goes with the sign-up. (Builds
  // without the send-code route sign up without a code.)
  const sent = await page.request.post("/api/auth/signup/send-code", { data: { phone: account.phone, email: account.email } });
  let verificationCode: string | undefined;
  if (sent.status() !== 404) {
    expect(sent.status(), await sent.text()).toBe(200);
    verificationCode = await lastSmsCode(page, account.phone);
  }
  const res = await page.request.post("/api/auth/signup", { data: { ...account, verificationCode } });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

/** The code the simulated SMS provider would have sent to this number. */
export async function lastSmsCode(page: Page, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/test/last-simulated-sms?to=${encodeURIComponent(phone)}`);
      code = res.ok() ? (await res.json()).code : undefined;
      return code;
    })
    .toMatch(/^\d{4}$/);
  return code!;
}

export async function dismissCookieNotice(page: Page) {
  const accept = page.getByRole("button", { name: "Accept", exact: true });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}
