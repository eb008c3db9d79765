import { expect, test, type Locator, type Page } from "@playwright/test";
import { dismissCookieNotice, lastSmsCode, randomMobile, signUpViaApi, uniqueId } from "./support";

// Issue 4 end to end: create a voucher for a customer in the voucher hub and see the simulated
// email, edit the voucher, then in the transaction hub record a purchase with its promo code, a
// bonus, a redemption and a gift, edit one transaction and delete another, and check the
// customers' balances through the API.

type Customer = { id: number; name: string; email: string; phone: string };

/** Adds a customer through the API flow the add-customer dialog uses (code from the SMS outbox),
 *  with email marketing consent so vouchers can be emailed to them. */
async function addCustomerViaApi(page: Page, name: string, email: string): Promise<Customer> {
  const sent = await page.request.post("/api/customers/send-verification", {
    data: { name, email, phone: randomMobile(), marketingConsentEmail: true, marketingConsentSms: false },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const { phone, customerData } = (await sent.json()) as { phone: string; customerData: Record<string, unknown> };
  const verificationCode = await lastSmsCode(page, phone);
  const created = await page.request.post("/api/customers/verify-and-create", { data: { ...customerData, verificationCode } });
  expect(created.status(), await created.text()).toBe(201);
  const { customer } = (await created.json()) as { customer: Customer };
  return customer;
}

/** A calendar day (yyyy-mm-dd, UK time) some days from now. */
function ukDayFromNow(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(Date.now() + days * 24 * 60 * 60 * 1000),
  );
}

/** The newest toast with this text (the toaster may also announce it to screen readers). */
const toast = (page: Page, text: string | RegExp) => page.getByText(text).first();

/** Opens the Process Transaction dialog with this customer picked and this type chosen. */
async function startTransaction(page: Page, customerName: string, type: string): Promise<Locator> {
  await page.getByRole("button", { name: "add transaction" }).click();
  const dialog = page.getByRole("dialog", { name: "process transaction" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("search customer", { exact: true }).fill(customerName);
  await dialog.getByRole("button", { name: customerName }).click();
  await expect(dialog.getByRole("button", { name: "change" })).toBeVisible();
  await dialog.getByRole("radio", { name: type, exact: true }).check();
  return dialog;
}

async function submitTransaction(page: Page, dialog: Locator, expectedToast: string) {
  await dialog.getByRole("button", { name: "process transaction" }).click();
  await expect(toast(page, expectedToast)).toBeVisible();
  await expect(dialog).toBeHidden();
}

test("vouchers, purchases with a promo code, redemptions, gifts, edits and deletes", async ({ page }) => {
  test.setTimeout(120_000);
  const business = await signUpViaApi(page, "transactions");
  const id = uniqueId();
  const tag = id.slice(-6);
  const alice = await addCustomerViaApi(page, `Alice Giver${tag}`, `alice-${id}@example.com`);
  const bob = await addCustomerViaApi(page, `Bob Receiver${tag}`, `bob-${id}@example.com`);

  // 1. create a £1 voucher for Alice, sent by email
  const code = `TREAT${id}`.slice(0, 30);
  const title = `a treat on us ${tag}`;
  await page.goto("/vouchers");
  await dismissCookieNotice(page);
  await expect(page.getByRole("heading", { name: "voucher hub" })).toBeVisible();
  await expect(page.getByText("no vouchers found")).toBeVisible();
  await page.getByRole("button", { name: "create voucher" }).click();
  const create = page.getByRole("dialog", { name: "create voucher" });
  await expect(create).toBeVisible();
  await create.getByLabel("title *", { exact: true }).fill(title);
  await create.getByLabel("description", { exact: true }).fill("£1 off anything");
  await create.getByLabel("promo code *", { exact: true }).fill(code.toLowerCase());
  await expect(create.getByLabel("promo code *", { exact: true })).toHaveValue(code); // upper-cased as typed
  await create.getByLabel("expiry date *", { exact: true }).fill(ukDayFromNow(30));
  await create.getByLabel("discount type", { exact: true }).selectOption("fixed");
  await create.getByLabel("discount (£) *", { exact: true }).fill("1");
  await expect(create.getByRole("checkbox", { name: "email", exact: true })).toBeChecked();
  await create.getByLabel("search customers", { exact: true }).fill(alice.name);
  await create.getByRole("checkbox", { name: alice.name }).check();
  await expect(create.getByText("(1 selected)")).toBeVisible();
  await create.getByRole("button", { name: "create voucher" }).click();
  await expect(toast(page, "voucher created and distributed to 1 customer")).toBeVisible();

  // the simulated email: to Alice, with the voucher's subject
  const email = page.getByRole("dialog", { name: "email simulation" });
  await expect(email).toBeVisible();
  await expect(email.getByTestId("simulated-email-to")).toHaveText(alice.email);
  await expect(email.getByTestId("simulated-email-subject")).toHaveText(`${title} - a voucher from ${business.businessName}`);
  await expect(email.frameLocator('iframe[title="email preview"]').getByText(code).first()).toBeVisible();
  await email.getByRole("button", { name: "Acknowledge" }).click();
  await expect(email).toBeHidden();

  const voucherRow = page.getByRole("row").filter({ hasText: code });
  await expect(voucherRow).toContainText(title);
  await expect(voucherRow).toContainText(`for ${alice.name}`);
  await expect(voucherRow).toContainText("active");

  // 2. edit the voucher's title: Alice is emailed the new details
  const newTitle = `a bigger treat ${tag}`;
  await voucherRow.getByRole("button", { name: "edit" }).click();
  const edit = page.getByRole("dialog", { name: "edit voucher" });
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel("promo code")).toHaveValue(code);
  await expect(edit.getByLabel("promo code")).toBeDisabled();
  await edit.getByLabel("title *", { exact: true }).fill(newTitle);
  await edit.getByRole("button", { name: "save changes" }).click();
  await expect(toast(page, "voucher updated successfully and customer notified")).toBeVisible();
  await expect(edit).toBeHidden();
  const notified = page.getByRole("alertdialog", { name: "customer notified" });
  await expect(notified).toContainText(`${alice.name} has been emailed the updated details of "${newTitle}".`);
  await notified.getByRole("button", { name: "acknowledge" }).click();
  await expect(notified).toBeHidden();
  await expect(voucherRow).toContainText(newTitle);

  // 3. the transaction hub: a £12.00 purchase for Alice with the promo code (£1 off: £11.00 paid,
  // 11 points at the default 1 point per £1)
  await page.goto("/transactions");
  await expect(page.getByRole("heading", { name: "transaction hub" })).toBeVisible();
  await expect(page.getByText("no transactions found")).toBeVisible();
  const purchaseNote = `flat white and cake ${tag}`;
  let dialog = await startTransaction(page, alice.name, "purchase");
  await dialog.getByLabel("amount (£)", { exact: true }).fill("12.00");
  await dialog.getByRole("button", { name: `use promo code ${code}` }).click();
  await expect(dialog.getByLabel("promo code (optional)", { exact: true })).toHaveValue(code);
  await expect(dialog.getByTestId("transaction-preview")).toHaveText("discount £1.00: customer pays £11.00 and earns 11 points");
  await dialog.getByLabel("description (optional)", { exact: true }).fill(purchaseNote);
  await submitTransaction(page, dialog, `${alice.name} now has 11 points.`);
  const purchaseRow = page.getByRole("row").filter({ hasText: purchaseNote });
  await expect(purchaseRow).toContainText(alice.name);
  await expect(purchaseRow).toContainText("purchase");
  await expect(purchaseRow).toContainText("£11.00");
  await expect(purchaseRow).toContainText("+11");
  await expect(purchaseRow.getByText("redeemed", { exact: true })).toBeVisible();

  // 4. a bonus of 150 points, then a redemption of 100
  const bonusNote = `birthday bonus ${tag}`;
  dialog = await startTransaction(page, alice.name, "bonus points");
  await dialog.getByLabel("points to award", { exact: true }).fill("150");
  await expect(dialog.getByTestId("transaction-preview")).toHaveText("adds 150 points: new balance 161 points");
  await dialog.getByLabel("description (optional)", { exact: true }).fill(bonusNote);
  await submitTransaction(page, dialog, `${alice.name} now has 161 points.`);
  await expect(page.getByRole("row").filter({ hasText: bonusNote })).toContainText("+150");

  const redeemNote = `free coffee ${tag}`;
  dialog = await startTransaction(page, alice.name, "points redemption");
  await dialog.getByLabel("points to redeem", { exact: true }).fill("100");
  await expect(dialog.getByTestId("transaction-preview")).toContainText("value: £1.00");
  await dialog.getByLabel("description (optional)", { exact: true }).fill(redeemNote);
  await submitTransaction(page, dialog, `${alice.name} now has 61 points.`);
  const redeemRow = page.getByRole("row").filter({ hasText: redeemNote });
  await expect(redeemRow).toContainText("points redemption");
  await expect(redeemRow).toContainText("-100");

  // 5. a gift of 20 points from Alice to Bob
  const giftNote = `for a friend ${tag}`;
  dialog = await startTransaction(page, alice.name, "gift points");
  await dialog.getByLabel("search recipient", { exact: true }).fill(bob.name);
  await dialog.getByRole("button", { name: bob.name }).click();
  await dialog.getByLabel("points to gift", { exact: true }).fill("20");
  await expect(dialog.getByTestId("transaction-preview")).toHaveText("available: 61 points");
  await dialog.getByLabel("description (optional)", { exact: true }).fill(giftNote);
  await submitTransaction(page, dialog, `${alice.name} now has 41 points.`);
  const giftRow = page.getByRole("row").filter({ hasText: giftNote });
  await expect(giftRow).toContainText("gift points");
  await expect(giftRow).toContainText(`to ${bob.name}`);

  // 6. edit the purchase: it was £13.00 paid, earning 13 points (a correcting +2)
  const correctedNote = `${purchaseNote} (corrected)`;
  await purchaseRow.getByRole("button", { name: `edit transaction for ${alice.name}` }).click();
  const editTx = page.getByRole("dialog", { name: "edit transaction" });
  await expect(editTx).toBeVisible();
  await expect(editTx.getByLabel("amount (£)", { exact: true })).toHaveValue(/^11(\.00)?$/);
  await expect(editTx.getByLabel("points earned", { exact: true })).toHaveValue("11");
  await editTx.getByLabel("amount (£)", { exact: true }).fill("13.00");
  await editTx.getByLabel("description (optional)", { exact: true }).fill(correctedNote);
  await editTx.getByLabel("points earned", { exact: true }).fill("13");
  await editTx.getByRole("button", { name: "save changes" }).click();
  await expect(toast(page, "transaction updated")).toBeVisible();
  await expect(editTx).toBeHidden();
  const correctedRow = page.getByRole("row").filter({ hasText: correctedNote });
  await expect(correctedRow).toContainText("£13.00");
  await expect(correctedRow).toContainText("+13");

  // 7. delete the redemption (incorrectly posted): its 100 points come back
  await redeemRow.getByRole("button", { name: `delete transaction for ${alice.name}` }).click();
  const deleteTx = page.getByRole("dialog", { name: "delete transaction" });
  await expect(deleteTx).toBeVisible();
  await deleteTx.getByLabel("reason", { exact: true }).selectOption("incorrectly_posted");
  await expect(deleteTx.getByLabel("password", { exact: true })).toHaveCount(0); // only asked for 'other'
  await deleteTx.getByRole("button", { name: "delete transaction", exact: true }).click();
  await expect(toast(page, "transaction deleted")).toBeVisible();
  await expect(deleteTx).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: redeemNote })).toHaveCount(0);
  await expect(correctedRow).toBeVisible();
  await expect(giftRow).toBeVisible();

  // 8. the balances the steps imply: Alice 11 + 150 - 100 - 20 + 2 (edit) + 100 (delete) = 143,
  // lifetime spent £13.00; Bob 20; and the voucher is redeemed
  const res = await page.request.get("/api/customers");
  expect(res.status()).toBe(200);
  const customers = (await res.json()) as { id: number; totalPoints: number; lifetimeSpent: string }[];
  const a = customers.find((c) => c.id === alice.id);
  const b = customers.find((c) => c.id === bob.id);
  expect(a).toMatchObject({ totalPoints: 143, lifetimeSpent: "13.00" });
  expect(b).toMatchObject({ totalPoints: 20 });

  await page.goto("/vouchers");
  await expect(page.getByRole("row").filter({ hasText: code })).toContainText("redeemed");
});
