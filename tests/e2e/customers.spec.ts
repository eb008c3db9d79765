import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { lastSmsCode, randomMobile, signUpViaApi, uniqueId } from "./support";

// Issue 3 end to end: add a customer through the four steps with the code from the simulated SMS
// outbox, see the success dialog, find the customer in the hub and their card in the card hub,
// and download the marketing export.

test("add a customer, find them and their card, export the marketing list", async ({ page }) => {
  await signUpViaApi(page, "customers");
  const id = uniqueId();
  const customer = { name: `Sarah Jones-Brown${id.slice(-4)}`, email: `sarah-${id}@example.com`, phone: randomMobile() };

  await page.goto("/customers");
  await expect(page.getByText("no customers found")).toBeVisible();
  await page.getByRole("button", { name: "add customer" }).click();

  // 1. details
  await expect(page.getByRole("heading", { name: "welcome a new legend!" })).toBeVisible();
  await page.getByLabel("full name").fill(customer.name);
  await page.getByLabel("email", { exact: true }).fill(customer.email);
  await page.getByLabel("phone", { exact: true }).fill(customer.phone);
  await page.getByRole("button", { name: "let's do this!" }).click();

  // 2. marketing preferences
  await page.getByLabel("email marketing").check();
  await page.getByRole("button", { name: "send verification code", exact: true }).click();

  // 3. legal confirmation: the send button waits for the checkbox
  const send = page.getByRole("button", { name: "confirmed - send verification code" });
  await expect(send).toBeDisabled();
  await page.getByLabel("I confirm I have read this information to the customer or emailed it to them.").check();
  await send.click();

  // 4. SMS verification with the code the customer would have received
  await expect(page.getByText("Verification code sent").first()).toBeVisible();
  const code = await lastSmsCode(page, customer.phone);
  const verify = page.getByRole("button", { name: "Verify & Complete Signup" });
  await page.getByLabel("verification code").fill(code.slice(0, 3));
  await expect(verify).toBeDisabled();
  await page.getByLabel("verification code").fill(code);
  await verify.click();

  // success dialog: setting up for 2 s, then 'all good!', closing by itself
  await expect(page.getByRole("heading", { name: "just a sec..." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "all good!" })).toBeVisible({ timeout: 5000 });
  await expect(page.getByRole("heading", { name: "all good!" })).toBeHidden({ timeout: 5000 });

  // the hub lists the customer, and search finds them
  await expect(page.getByText(customer.name).first()).toBeVisible();
  await page.getByLabel("search customers by name or email").fill(customer.email.toUpperCase());
  await expect(page.getByText(customer.name).first()).toBeVisible();

  // the marketing export contains them, with the spec's columns
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "export marketing list" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^customers-marketing-export-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await file.path())!, "utf8")).replace(/^\uFEFF/, "");
  const [header, ...rows] = csv.trim().split(/\r\n/);
  expect(header).toBe(
    "Membership Number,Name,First Name,Last Name,Email,Phone,Date of Birth,Current Points,Lifetime Spent (GBP),Join Date,Last Visit,Email Consent,SMS Consent,Sleep Status",
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain(customer.email);
  expect(rows[0]).toMatch(/^\d{10},/);

  // the card hub shows their card
  await page.goto("/loyalty-cards");
  await expect(page.getByText(customer.name).first()).toBeVisible();
  await expect(page.getByText("Digital Core").first()).toBeVisible();
});
