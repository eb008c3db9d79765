import { expect, test, type Page } from "@playwright/test";
import { lastSmsCode, randomMobile, signUpViaApi, uniqueId } from "./support";

// Issue 5 end to end, without Stripe keys: sign up, fill the starter plan to its limit (the
// banners change), upgrade through the simulated checkout, add an eleventh customer, downgrade
// with the two-step confirmation, and park a customer through the dashboard's Park Customers dialog.

async function addCustomer(page: Page, n: number) {
  const id = uniqueId();
  const details = { name: `Bill Customer${String.fromCharCode(97 + (n % 26))}${id.slice(-4)}`, email: `bill-${n}-${id}@example.com`, phone: randomMobile() };
  const sent = await page.request.post("/api/customers/send-verification", { data: details });
  if (sent.status() !== 200) return sent.status();
  const { customerData, phone } = await sent.json();
  const code = await lastSmsCode(page, phone);
  const added = await page.request.post("/api/customers/verify-and-create", { data: { ...customerData, verificationCode: code, sendWelcomeEmail: false, autoGenerateCard: false } });
  return added.status();
}

test("starter fills up, upgrades through the simulated checkout, grows past 10, downgrades and parks", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, "billing");
  for (let i = 0; i < 8; i++) expect(await addCustomer(page, i)).toBe(201);

  await page.goto("/dashboard");
  await expect(page.getByText("almost at limit", { exact: true })).toBeVisible();

  for (let i = 8; i < 10; i++) expect(await addCustomer(page, i)).toBe(201);
  await page.reload();
  await expect(page.getByText("party is full", { exact: true })).toBeVisible();
  expect(await addCustomer(page, 10)).toBe(403);

  await page.getByRole("button", { name: "upgrade to max", exact: true }).first().click();
  await expect(page).toHaveURL(/\/billing\/simulated-checkout\?token=/);
  await page.getByRole("button", { name: "Pay £21.00", exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId("plan-name")).toHaveText("max");

  expect(await addCustomer(page, 10)).toBe(201);

  await page.getByRole("button", { name: "downgrade to starter", exact: true }).click();
  await page.getByRole("button", { name: "continue", exact: true }).click();
  await page.getByRole("button", { name: "yes, downgrade", exact: true }).click();
  await expect(page.getByText("Subscription downgraded", { exact: true }).first()).toBeVisible();

  await page.goto("/dashboard");
  await expect(page.getByText("downgrading to starter", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "park customers", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("park customers for your downgrade", { exact: true })).toBeVisible();
  await dialog.getByRole("checkbox").last().click();
  await dialog.getByRole("button", { name: "park selected customers", exact: true }).click();
  await expect(page.getByText("Customers parked successfully", { exact: true }).first()).toBeVisible();

  const parked = await page.request.get("/api/customers/parked");
  expect(await parked.json()).toHaveLength(1);
  const usage = await (await page.request.get("/api/subscription/usage")).json();
  expect(usage.customersUsed).toBe(10);
});
