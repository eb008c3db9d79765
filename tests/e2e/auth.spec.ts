import { expect, test, type Page } from "@playwright/test";

// The foundation's end-to-end test: sign up, dashboard greeting, sign out, sign in, a wrong
// password, the 404 page, and the same sign-in at phone width (@mobile, run by the mobile project).

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
    phone: "07700900123",
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

async function signUp(page: Page, a: Account) {
  await page.goto("/auth");
  await openTab(page, "Sign up");
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
