import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { lastSmsCode, randomMobile, signUpViaApi, uniqueId } from "./support";
import { formatMembershipNumber } from "../../lib/rules/membership-number";

// Issue 8 end to end, customer side. The owner and the customer use separate browser contexts
// (one session cookie per browser). The owner adds a customer through the API (SMS code from the
// simulated outbox); the customer then
//  1. opens the signed portal link of the welcome email (simulated outbox), sees the portal,
//     goes to the preferences, turns SMS marketing on, and the owner's record shows the change;
//  2. types their email on /customer-portal, gets the 6-digit code by email, and signs out;
//  3. confirms their membership from the welcome email link, once;
//  4. at 375 px (@mobile) sees the portal without sideways scrolling.

type Customer = { id: number; name: string; firstName: string; email: string; membershipNumber: string };

async function ownerPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await signUpViaApi(page, "portal");
  return page;
}

async function addCustomerViaApi(owner: Page): Promise<Customer> {
  const id = uniqueId();
  const details = { name: `Pat Portal${id.slice(-5)}`, email: `pat-${id}@example.com`, phone: randomMobile(), marketingConsentEmail: true, marketingConsentSms: false };
  const sent = await owner.request.post("/api/customers/send-verification", { data: details });
  expect(sent.status(), await sent.text()).toBe(200);
  const { customerData, phone } = await sent.json();
  const code = await lastSmsCode(owner, phone);
  const created = await owner.request.post("/api/customers/verify-and-create", {
    data: { ...customerData, verificationCode: code, sendWelcomeEmail: true, autoGenerateCard: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).customer as Customer;
}

/** A link of the customer's welcome email, as path + query (the email carries the app's own base URL). */
async function welcomeEmailLink(owner: Page, email: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await owner.request.get(`/api/test/last-simulated-email?to=${encodeURIComponent(email)}`);
      const body = res.ok() ? await res.json() : null;
      link = body?.emailType === "welcome" ? pattern.exec(body.html)?.[0] : undefined;
      return link;
    })
    .toBeTruthy();
  return link!.replace(/&amp;/g, "&");
}

/** The 6-digit access code emailed to the customer (read from the simulated outbox by recipient). */
async function lastAccessCode(page: Page, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/test/last-simulated-email?to=${encodeURIComponent(email)}`);
      const body = res.ok() ? await res.json() : null;
      code = body?.emailType === "portal_access" ? /<strong>(\d{6})<\/strong>/.exec(body.html)?.[1] : undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

test("a customer opens the welcome email's link, sees the portal and changes consent; the business sees the change", async ({ page, browser }, testInfo) => {
  const owner = await ownerPage(browser, testInfo);
  const customer = await addCustomerViaApi(owner);
  const link = await welcomeEmailLink(owner, customer.email, /\/customer-portal\?access=[^"&<\s]+/);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: `welcome back, ${customer.name}!` })).toBeVisible();
  await expect(page.getByText("Access Granted", { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/customer-portal$/); // the token is gone from the address bar
  await expect(page.getByText(formatMembershipNumber(customer.membershipNumber))).toBeVisible();
  await expect(page.getByText("Earn 1 point per £1 spent", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("No transactions yet.", { exact: true }).first()).toBeVisible();
  // simulated wallets: no pass link, so no wallet pass button (spec 3 section 2, issue 20)
  await expect(page.getByRole("button", { name: /Wallet Pass/ })).toHaveCount(0);

  // preferences: the portal session carries over, one account goes straight to the form
  await page.getByRole("link", { name: "Marketing preferences" }).click();
  await expect(page.getByRole("heading", { name: "your preferences" })).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue(customer.firstName);
  await expect(page.getByTestId("preferences-last-updated")).toContainText("Last updated by the business");
  const sms = page.getByRole("checkbox", { name: "SMS marketing" });
  await expect(sms).not.toBeChecked();
  await sms.click();
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Preferences updated", { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId("preferences-last-updated")).toContainText("Last updated by you (customer)");

  // the business's own record of the customer shows the new consent and who gave it
  const seen = await owner.request.get(`/api/customers/${customer.id}`);
  expect(seen.status()).toBe(200);
  expect(await seen.json()).toMatchObject({ marketingConsentSms: true, marketingConsentEmail: true, marketingPreferencesLastUpdatedBy: "customer" });
  await owner.context().close();
});

test("a customer who types their email gets a 6-digit code by email, then sees the portal", async ({ page, browser }, testInfo) => {
  const owner = await ownerPage(browser, testInfo);
  const customer = await addCustomerViaApi(owner);
  await owner.context().close();

  await page.goto("/customer-portal");
  const access = page.getByRole("button", { name: "Access My Account" });
  await expect(access).toBeDisabled();
  await page.getByLabel("Email address").fill(customer.email);
  await page.getByLabel("Email address").press("Enter");
  await expect(page.getByText(`If ${customer.email} belongs to a loyalty account`).first()).toBeVisible();

  const code = await lastAccessCode(page, customer.email);
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Verify Code" }).click();
  await expect(page.getByRole("heading", { name: `welcome back, ${customer.name}!` })).toBeVisible();

  // a reload keeps the portal session; signing out ends it
  await page.reload();
  await expect(page.getByRole("heading", { name: `welcome back, ${customer.name}!` })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByLabel("Email address")).toBeVisible();
  expect((await page.request.get("/api/customer-portal/account")).status()).toBe(401);
});

test("an unknown email gets the same answer and never reaches the portal", async ({ page }) => {
  const email = `nobody-${uniqueId()}@example.com`;
  await page.goto("/customer-portal");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Access My Account" }).click();
  await expect(page.getByText(`If ${email} belongs to a loyalty account`).first()).toBeVisible();
  await page.getByLabel("6-digit code").fill("123456");
  await page.getByRole("button", { name: "Verify Code" }).click();
  await expect(page.getByText("Access Denied", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: /welcome back/ })).toHaveCount(0);
});

test("the membership confirmation link confirms once, and says 'already confirmed' when opened again", async ({ page, browser }, testInfo) => {
  const owner = await ownerPage(browser, testInfo);
  const customer = await addCustomerViaApi(owner);
  const link = await welcomeEmailLink(owner, customer.email, /\/confirm-membership\/[A-Za-z0-9_-]+/);
  await owner.context().close();

  await page.goto(link);
  await expect(page.getByText("membership confirmed", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(customer.name)).toBeVisible();
  await expect(page.getByText(formatMembershipNumber(customer.membershipNumber))).toBeVisible();
  await page.reload();
  // issue 20: a second open used to show a red "Confirmation failed / Invalid confirmation link"
  await expect(page.getByText("already confirmed", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Your membership is already confirmed.", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("confirmation failed", { exact: true })).toHaveCount(0);
  await page.goto("/confirm-membership/not-a-real-token-aaaaaaaaaaaaaaaaaaaa");
  await expect(page.getByRole("alert").filter({ hasText: "Invalid confirmation link" }).first()).toBeVisible();
});

test("the portal fits a 375 px phone @mobile", async ({ page, browser }, testInfo) => {
  const owner = await ownerPage(browser, testInfo);
  const customer = await addCustomerViaApi(owner);
  const link = await welcomeEmailLink(owner, customer.email, /\/customer-portal\?access=[^"&<\s]+/);
  await owner.context().close();

  await page.goto(link);
  await expect(page.getByRole("heading", { name: `welcome back, ${customer.name}!` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByRole("link", { name: "Marketing preferences" }).click();
  await expect(page.getByRole("button", { name: "Save Preferences" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
