import { expect, test, type Page } from "@playwright/test";
import { signUpViaApi } from "./support";

// Issue 7, the super admin's login and "login as". The first admin comes from SUPER_ADMIN_EMAIL /
// SUPER_ADMIN_PASSWORD: the e2e server must be started with these (scripts/e2e-server.ts), and the
// first POST /api/admin/login creates the admin if the database has none with that email.

const ADMIN_EMAIL = process.env.E2E_SUPER_ADMIN_EMAIL ?? "e2e-admin@example.com";
const ADMIN_PASSWORD = process.env.E2E_SUPER_ADMIN_PASSWORD ?? "E2e-Admin-Pass1!";

function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).first();
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

test("admin login: messages, wrong password, show/hide, restricted-access note", async ({ page }) => {
  await page.goto("/admin-login");
  await expect(page.getByText("All activity is monitored and logged.", { exact: false })).toBeVisible();

  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
  await expect(page.getByText("Password is required", { exact: true })).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill("secret-value");
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: /show password/i }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");

  await fillLogin(page, ADMIN_EMAIL, "definitely-wrong");
  await expect(toast(page, "Login Failed")).toBeVisible();
  await expect(toast(page, "Invalid credentials")).toBeVisible();
  await expect(page).toHaveURL(/\/admin-login$/);
});

test("admin signs in, logs in as a business with the red banner, and exits back to the admin dashboard", async ({ page, browser }, testInfo) => {
  // The business, in its own browser (one principal per browser).
  const ownerContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const owner = await ownerContext.newPage();
  const account = await signUpViaApi(owner, "admin-target");
  const { businessId } = await (await owner.request.get("/api/auth/user")).json();
  await ownerContext.close();

  await page.goto("/admin-login");
  await fillLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin-dashboard/);

  // The business picker's "login as" is the colleague's UI; the call is the same.
  const loginAs = await page.request.post(`/api/admin/login-as/${businessId}`);
  expect(loginAs.status(), await loginAs.text()).toBe(200);
  expect((await loginAs.json()).redirectUrl).toBe("/dashboard");
  await page.goto("/dashboard");
  const banner = page.getByRole("alert").filter({ hasText: `super admin is logged in as ${account.businessName}` });
  await expect(banner).toBeVisible();

  await banner.getByRole("button", { name: "logout", exact: true }).click();
  await expect(page).toHaveURL(/\/admin-dashboard/);
  const me = await page.request.get("/api/auth/user");
  expect(me.status()).toBe(401);
});
