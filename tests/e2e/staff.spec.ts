import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { lastSmsCode, randomMobile, signUpViaApi, uniqueId } from "./support";

// Issue 8 end to end, staff side. The owner (own browser context) signs up, creates a staff login
// (POST /api/business/staff, the account hub's call) and adds a customer. The staff member signs
// in at /staff/login?business={id} (prefilled), finds the customer by membership number, records
// a purchase and bonus points through the dashboard's dialogs, and the owner's transaction hub
// shows the purchase. Staff cannot open owner pages or call owner endpoints. The login's
// messages, and the dashboard at 375 px (@mobile), are checked too.

type Setup = { owner: Page; businessId: number; staff: { username: string; password: string }; customer: { id: number; name: string; membershipNumber: string } };

async function setUp(browser: Browser, testInfo: TestInfo): Promise<Setup> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const owner = await context.newPage();
  await signUpViaApi(owner, "staff");
  const me = await owner.request.get("/api/auth/user");
  const { businessId } = await me.json();

  const id = uniqueId();
  const staff = { username: `till${id.slice(-6)}`, password: "Till-Pass1!" };
  const created = await owner.request.post("/api/business/staff", { data: staff });
  expect(created.status(), await created.text()).toBe(201);

  const details = { name: `Sam Staffcase${id.slice(-5)}`, email: `sam-${id}@example.com`, phone: randomMobile() };
  const sent = await owner.request.post("/api/customers/send-verification", { data: details });
  expect(sent.status(), await sent.text()).toBe(200);
  const { customerData, phone } = await sent.json();
  const code = await lastSmsCode(owner, phone);
  const added = await owner.request.post("/api/customers/verify-and-create", { data: { ...customerData, verificationCode: code, sendWelcomeEmail: true, autoGenerateCard: true } });
  expect(added.status(), await added.text()).toBe(201);
  return { owner, businessId, staff, customer: (await added.json()).customer };
}

async function staffSignIn(page: Page, s: Setup) {
  await page.goto(`/staff/login?business=${s.businessId}`);
  await expect(page.getByLabel("Business ID")).toHaveValue(String(s.businessId));
  await page.getByLabel("Username").fill(s.staff.username);
  await page.getByLabel("Password", { exact: true }).fill(s.staff.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
}

test("staff log in, find a customer and record a purchase that shows in the owner's transaction hub", async ({ page, browser }, testInfo) => {
  const s = await setUp(browser, testInfo);
  await staffSignIn(page, s);
  await expect(page.getByText("Login successful", { exact: true }).first()).toBeVisible();

  await page.getByRole("searchbox", { name: "Search customers by name, email or membership number" }).fill(s.customer.membershipNumber);
  await page.getByRole("button", { name: new RegExp(s.customer.name) }).click();
  await expect(page.getByTestId("staff-points-balance")).toHaveText("0");
  await expect(page.getByText("No transactions yet.", { exact: true }).first()).toBeVisible();

  // process transaction: a £12.50 purchase earns 12 points
  await page.getByRole("button", { name: "process transaction" }).click();
  const purchase = page.getByRole("dialog", { name: "process transaction" });
  await purchase.getByLabel("Purchase amount (£)").fill("12.50");
  await purchase.getByRole("button", { name: "Record Purchase" }).click();
  await expect(page.getByText("transaction recorded", { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId("staff-points-balance")).toHaveText("12");
  const recent = page.getByRole("list", { name: "Recent transactions" });
  await expect(recent.getByText("Purchase")).toBeVisible();
  await expect(recent.getByText("+12 points")).toBeVisible();

  // award bonus points
  await page.getByRole("button", { name: "award bonus points" }).click();
  const bonus = page.getByRole("dialog", { name: "award bonus points" });
  await bonus.getByLabel("Bonus points").fill("10");
  await bonus.getByLabel("Reason (optional)").fill("loyal regular");
  await bonus.getByRole("button", { name: "Award Points" }).click();
  await expect(page.getByTestId("staff-points-balance")).toHaveText("22");
  await expect(recent.getByText("Bonus Points")).toBeVisible();

  // the owner's transaction hub shows the staff member's purchase
  await s.owner.goto("/transactions");
  await expect(s.owner.getByText(s.customer.name).first()).toBeVisible();
  await expect(s.owner.getByText("£12.50").first()).toBeVisible();

  // staff cannot reach the owner's pages or endpoints
  expect((await page.request.get("/api/customers")).status()).toBe(401);
  expect((await page.request.get("/api/transactions")).status()).toBe(401);
  await page.goto("/customers");
  await expect(page).toHaveURL(/\/auth$/);

  // sign out returns to the staff login
  await page.goto("/staff/dashboard");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/staff\/login$/);
  expect((await page.request.get("/api/staff/customers")).status()).toBe(401);
  await s.owner.context().close();
});

test("the staff login shows the spec's messages and 'Login failed'", async ({ page }) => {
  await page.goto("/staff/login");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Business ID is required", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Username is required", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Password is required", { exact: true }).first()).toBeVisible();

  await page.getByLabel("Business ID").fill("999999");
  await page.getByLabel("Username").fill("nobody");
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login failed", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Invalid business ID, username or password", { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/login$/);

  // the dashboard is for signed-in staff only
  await page.goto("/staff/dashboard");
  await expect(page).toHaveURL(/\/staff\/login$/);
});

test("the staff dashboard fits a 375 px phone @mobile", async ({ page, browser }, testInfo) => {
  const s = await setUp(browser, testInfo);
  await s.owner.context().close();
  await staffSignIn(page, s);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByRole("button", { name: new RegExp(s.customer.name) }).click();
  await expect(page.getByRole("button", { name: "process transaction" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByRole("button", { name: "Back to customers" }).click();
  await expect(page.getByRole("searchbox", { name: "Search customers by name, email or membership number" })).toBeVisible();
});
