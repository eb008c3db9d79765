import { expect, test, type Page } from "@playwright/test";
import { lastSmsCode, randomMobile } from "./support";

// Sign up (both steps and the phone verification dialog, with the code read from the simulated
// SMS outbox), dashboard greeting, sign out, sign in, a wrong password, the forgot-password
// dialog, the access-code gate, the signups-paused state, the 404 page, and the same sign-in at
// phone width (@mobile, run by the mobile project).

type Account = {
  businessName: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  password: string;
};

function newAccount(label: string): Account {
  const id = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    businessName: `E2E ${label} Cafe ${id}`,
    firstName: "Ada",
    lastName: "Lovelace",
    email: `e2e-${label}-${id}@example.com`,
    phone: randomMobile(), // codes are throttled per number
    address: "1 High Street, London SW1A 1AA",
    password: "Passw0rd!",
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function openTab(page: Page, name: "Sign in" | "Sign up") {
  const tab = page.getByRole("tab", { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute("aria-selected", "true");
}

async function signUp(page: Page, a: Account, opts: { goto?: boolean } = {}) {
  if (opts.goto !== false) {
    await page.goto("/auth");
    await openTab(page, "Sign up");
  }
  await page.getByLabel("Business name", { exact: true }).fill(a.businessName);
  await page.getByLabel("First name", { exact: true }).fill(a.firstName);
  await page.getByLabel("Last name", { exact: true }).fill(a.lastName);
  await page.getByLabel("Email", { exact: true }).fill(a.email);
  await page.getByLabel("Phone", { exact: true }).fill(a.phone);
  await page.getByLabel("Business address", { exact: true }).fill(a.address);
  await page.getByRole("button", { name: "Continue", exact: true }).click();

  await page.getByLabel("Password", { exact: true }).fill(a.password);
  await page.getByLabel("Confirm password", { exact: true }).fill(a.password);
  await page.getByRole("checkbox", { name: "I accept the terms and conditions", exact: true }).check();
  await page.getByRole("button", { name: "Create account", exact: true }).click();

  // The account is created only once the phone is verified.
  const dialog = page.getByRole("dialog", { name: "verify your phone number" });
  await expect(dialog).toBeVisible();
  await expect(page).not.toHaveURL(/\/dashboard/);
  const code = await lastSmsCode(page, a.phone);
  await dialog.getByLabel("Verification code", { exact: true }).fill(code);
  await dialog.getByRole("button", { name: "Verify and create account", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard([?#].*)?$/);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await openTab(page, "Sign in");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function expectDashboard(page: Page, a: Account) {
  await expect(page).toHaveURL(/\/dashboard([?#].*)?$/);
  const greeting = new RegExp(`good (morning|afternoon|evening), ${escapeRegExp(a.businessName)}`, "i");
  await expect(page.getByRole("heading", { level: 1, name: greeting })).toBeVisible();
}

async function expectAuthPage(page: Page) {
  await expect(page).toHaveURL(/^[^?#]*\/(auth)?([?#].*)?$/);
  await expect(page.getByRole("tab", { name: "Sign in", exact: true })).toBeVisible();
}

test.describe.serial("auth (desktop)", () => {
  const account = newAccount("desktop");

  test("sign up lands on the dashboard; sign out returns to the auth page", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("tab", { name: "Sign in", exact: true })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Sign up", exact: true })).toBeVisible();

    await signUp(page, account);
    await expectDashboard(page, account);
    await expect(page.locator("header").getByText(account.businessName, { exact: true }).first()).toBeVisible();

    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expectAuthPage(page);
  });

  test("sign in with the new account lands on the dashboard", async ({ page }) => {
    await signIn(page, account.email, account.password);
    await expectDashboard(page, account);
  });

  test("a wrong password shows 'Login failed'", async ({ page }) => {
    await signIn(page, account.email, "Wr0ngPassword!");
    await expect(page.getByText("Login failed").first()).toBeVisible();
    await expect(page).not.toHaveURL(/\/dashboard/);
  });
});

test("reset a forgotten password by phone, then sign in with the new one", async ({ page }) => {
  const account = newAccount("reset");
  await signUp(page, account);
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expectAuthPage(page);

  await openTab(page, "Sign in");
  await page.getByRole("button", { name: "Forgot password?", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Phone number", { exact: true }).fill(account.phone);
  await dialog.getByRole("button", { name: "Send code", exact: true }).click();
  await expect(dialog.getByText("choose a new password")).toBeVisible();
  await expect(dialog.getByText(account.businessName)).toBeVisible();

  const code = await lastSmsCode(page, account.phone);
  const newPassword = "N3w-passw0rd!";
  await dialog.getByLabel("Verification code", { exact: true }).fill(code);
  await dialog.getByLabel("New password", { exact: true }).fill(newPassword);
  await dialog.getByLabel("Confirm new password", { exact: true }).fill(newPassword);
  await dialog.getByRole("button", { name: "Reset password", exact: true }).click();
  await expect(page.getByText("password updated successfully").first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("tab", { name: "Sign in", exact: true })).toHaveAttribute("aria-selected", "true");

  await signIn(page, account.email, account.password);
  await expect(page.getByText("Login failed").first()).toBeVisible();
  await signIn(page, account.email, newPassword);
  await expectDashboard(page, account);
});

// PIN protection and paused sign-ups are platform-wide settings; the shared e2e database keeps
// them off, so these two show the screen's answer to the public settings by rewriting that one
// response. The server side (403s, the PIN check at the gate and at creation) is covered by
// tests/integration/signup-settings.serial.test.ts. Only the auth screen's read is rewritten (it
// reads once, with a plain request since issue 23): the dashboard's banner reads the settings
// again after sign-up, while the page navigates, and must get the real ones.
async function withSettings(page: Page, overrides: Record<string, unknown>) {
  await page.route(
    "**/api/admin/system-settings",
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), ...overrides } });
    },
    { times: 1 },
  );
}

test("sign up through the access-code gate", async ({ page }) => {
  await withSettings(page, { pinProtectionEnabled: true });
  const account = newAccount("gate");
  await page.goto("/auth");
  await openTab(page, "Sign up");
  await expect(page.getByLabel("Business name", { exact: true })).toHaveCount(0);
  await page.getByLabel("Access code", { exact: true }).fill("LEGENDS-BETA");
  const gate = page.waitForRequest((r) => r.url().endsWith("/api/auth/verify-access-code"));
  await page.getByRole("button", { name: "Verify access code", exact: true }).click();
  expect((await gate).postDataJSON()).toEqual({ accessCode: "LEGENDS-BETA" });

  const created = page.waitForRequest((r) => r.url().endsWith("/api/auth/signup") && r.method() === "POST");
  await signUp(page, account, { goto: false });
  expect((await created).postDataJSON()).toMatchObject({ accessCode: "LEGENDS-BETA", email: account.email });
  await expectDashboard(page, account);
});

test("while sign-ups are paused the tab says we're in beta", async ({ page }) => {
  await withSettings(page, { signupsEnabled: false });
  await page.goto("/auth");
  // The modal opens as the tab is chosen and hides the rest of the page, tabs included.
  await page.getByRole("tab", { name: "Sign up", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "signups temporarily paused" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "OK", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("we're in beta")).toBeVisible();
  await expect(page.getByLabel("Business name", { exact: true })).toHaveCount(0);
});

test("an unknown route shows the 404 page", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByText("404 Page Not Found")).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});

test("signs in at 375 px without horizontal scroll; sign out is reachable", { tag: "@mobile" }, async ({ page, browser }, testInfo) => {
  const account = newAccount("mobile");
  // The account is created at desktop width so that this test is about signing in on a phone.
  const setup = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 1280, height: 720 } });
  try {
    await signUp(await setup.newPage(), account);
  } finally {
    await setup.close();
  }

  const noHorizontalScroll = () => page.evaluate(() => document.documentElement.scrollWidth);

  await signIn(page, account.email, account.password);
  await expectDashboard(page, account);
  expect(await noHorizontalScroll(), "dashboard scrollWidth at 375 px").toBeLessThanOrEqual(375);

  const signOut = page.getByRole("button", { name: "Sign out", exact: true });
  if (!(await signOut.isVisible())) {
    await page.getByRole("button", { name: "Open menu", exact: true }).click();
  }
  await signOut.click();
  await expectAuthPage(page);
  expect(await noHorizontalScroll(), "auth page scrollWidth at 375 px").toBeLessThanOrEqual(375);
});
