import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { dismissCookieNotice, signUpViaApi, uniqueId } from "./support";

// Issue 7 part B: the super-admin dashboard. The first admin comes from SUPER_ADMIN_EMAIL /
// SUPER_ADMIN_PASSWORD in the e2e server's environment (created by the first POST /api/admin/login).
// Maintenance is a platform-wide switch: this file runs its tests one after another and always
// switches it back off.

test.describe.configure({ mode: "serial" });

const ADMIN_EMAIL = process.env.E2E_SUPER_ADMIN_EMAIL ?? "e2e-admin@example.com";
const ADMIN_PASSWORD = process.env.E2E_SUPER_ADMIN_PASSWORD ?? "E2e-Admin-Pass1!";

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function adminLogin(page: Page) {
  await page.goto("/admin-login");
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin-dashboard/);
  await expect(page.getByRole("heading", { name: "super admin", exact: true })).toBeVisible();
}

/** The dashboard's tabs (issue 23): each tab's code and data load when it is opened. */
async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name, exact: true }).click();
  await expect(page.getByRole("tab", { name, exact: true })).toHaveAttribute("aria-selected", "true");
}

/** A signed-up business in its own browser context (one principal per browser). */
async function ownerBrowser(browser: Browser, testInfo: TestInfo, label: string) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  const account = await signUpViaApi(page, label);
  const { businessId } = await (await page.request.get("/api/auth/user")).json();
  return { context, page, account, businessId: Number(businessId) };
}

test("admin sends a message that the owner then sees", async ({ page, browser }, testInfo) => {
  const owner = await ownerBrowser(browser, testInfo, "admin-msg");
  await adminLogin(page);
  await openTab(page, "Messages");

  const title = `Platform news ${uniqueId()}`;
  const send = page.getByRole("button", { name: "Send message", exact: true });
  await expect(send).toBeDisabled();
  await page.getByLabel("Title", { exact: true }).fill(title);
  await expect(send).toBeDisabled();
  await page.getByLabel("Message", { exact: true }).fill("Vouchers now support percentages.");
  await send.click();
  await expect(toast(page, "Message Sent")).toBeVisible();
  await expect(page.getByRole("cell").filter({ hasText: title })).toBeVisible();

  await owner.page.goto("/dashboard");
  await dismissCookieNotice(owner.page);
  await expect(owner.page.getByRole("dialog").getByText(title, { exact: true })).toBeVisible();
  await owner.context.close();
});

test("admin replies to a support chat and closes it", async ({ page, browser }, testInfo) => {
  const owner = await ownerBrowser(browser, testInfo, "admin-chat");
  const started = await owner.page.request.post("/api/chat/sessions", { data: { type: "message", initialMessage: "My card will not scan" } });
  expect(started.status(), await started.text()).toBe(201);
  const chatId = (await started.json()).id as number;

  await adminLogin(page);
  await openTab(page, "Support chat");
  await page.getByRole("button", { name: new RegExp(owner.account.businessName) }).first().click();
  const panel = page.getByRole("region", { name: `Chat with ${owner.account.businessName}` });
  await expect(panel.getByText("My card will not scan", { exact: true })).toBeVisible();
  await panel.getByLabel("Reply").fill("Try restarting the scanner app");
  await panel.getByRole("button", { name: "Send reply", exact: true }).click();
  await expect(toast(page, "Reply Sent")).toBeVisible();
  await expect(panel.getByText("Try restarting the scanner app", { exact: true })).toBeVisible();

  const seen = await (await owner.page.request.get("/api/chat/sessions")).json();
  expect(seen.find((s: { id: number }) => s.id === chatId).messages.some((m: { content: string; isUser: boolean }) => m.content === "Try restarting the scanner app" && !m.isUser)).toBe(true);

  await panel.getByRole("button", { name: "Close chat", exact: true }).click();
  await expect(toast(page, "Chat Closed")).toBeVisible();
  await expect(panel.getByLabel("Reply")).toHaveCount(0);
  await owner.context.close();
});

test("admin turns maintenance on and off while the admin area keeps working", async ({ page, browser }, testInfo) => {
  const owner = await ownerBrowser(browser, testInfo, "admin-maint");
  await adminLogin(page);
  await openTab(page, "System");
  const maintenance = page.getByRole("switch", { name: "Maintenance mode" });
  try {
    await expect(maintenance).not.toBeChecked();
    await maintenance.click();
    await expect(toast(page, "Settings Updated")).toBeVisible();
    await expect(maintenance).toBeChecked();

    await owner.page.goto("/dashboard");
    await expect(owner.page.getByRole("heading", { name: "we'll be back soon" })).toBeVisible();

    // The open tab is in the address: the reload comes back to it.
    await page.reload();
    await expect(page).toHaveURL(/[?&]tab=system/);
    await expect(page.getByRole("switch", { name: "Maintenance mode" })).toBeChecked();
    await page.getByRole("switch", { name: "Maintenance mode" }).click();
    await expect(page.getByRole("switch", { name: "Maintenance mode" })).not.toBeChecked();
  } finally {
    await page.request.put("/api/admin/system-settings", { data: { maintenanceMode: false } });
  }
  await owner.page.goto("/dashboard");
  await expect(owner.page.getByRole("heading", { name: "we'll be back soon" })).toHaveCount(0);
  await owner.context.close();
});

test("admin edits a business, toggles founder, logs in as it, sees the red banner and exits", async ({ page, browser }, testInfo) => {
  const owner = await ownerBrowser(browser, testInfo, "admin-as");
  await owner.context.close();
  await adminLogin(page);

  // The picker searches the server as the admin types (issue 23: 10,000 businesses).
  await openTab(page, "Businesses");
  await page.getByRole("combobox", { name: "Select a business" }).fill(owner.account.email);
  await page.getByRole("option").filter({ hasText: owner.account.email }).click();
  await page.getByRole("tab", { name: "Account", exact: true }).click();

  // Edit a field, then make it a founder member (pro_max, 999999 customers).
  await page.getByLabel("Points per pound", { exact: true }).fill("2");
  await page.getByRole("button", { name: "Save changes", exact: true }).click();
  await expect(toast(page, "Business Updated")).toBeVisible();
  const founder = page.getByRole("switch", { name: "Founder member" });
  await founder.click();
  await expect(founder).toBeChecked();
  await expect(page.getByLabel("Customer limit", { exact: true })).toHaveValue("999999");
  await expect(page.getByLabel("Subscription status", { exact: true })).toHaveValue("pro_max");

  await page.getByRole("button", { name: "Log in as", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  const banner = page.getByRole("alert").filter({ hasText: `super admin is logged in as ${owner.account.businessName}` });
  await expect(banner).toBeVisible();

  await banner.getByRole("button", { name: "logout", exact: true }).click();
  await expect(page).toHaveURL(/\/admin-dashboard/);
  await expect(page.getByRole("heading", { name: "super admin", exact: true })).toBeVisible();
});

test("the system banner set by the admin shows in the workspace, can be dismissed, and returns when its text changes", async ({ page, browser }, testInfo) => {
  const owner = await ownerBrowser(browser, testInfo, "admin-banner");
  await adminLogin(page);
  const setBanner = (data: Record<string, unknown>) => page.request.put("/api/admin/system-settings", { data });
  try {
    const first = `Card readers are being upgraded ${uniqueId()}`;
    expect((await setBanner({ bannerEnabled: true, bannerTitle: "Heads up", bannerText: first })).status()).toBe(200);
    await owner.page.goto("/dashboard");
    await dismissCookieNotice(owner.page);
    const banner = owner.page.getByRole("region", { name: "System announcement" });
    await expect(banner).toContainText(first);
    await banner.getByRole("button", { name: "Dismiss announcement" }).click();
    await expect(banner).toBeHidden();
    await owner.page.reload();
    await expect(owner.page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();

    const second = `New opening hours ${uniqueId()}`;
    expect((await setBanner({ bannerText: second })).status()).toBe(200);
    await owner.page.reload();
    await expect(banner).toContainText(second);
  } finally {
    await setBanner({ bannerEnabled: false });
    await owner.context.close();
  }
});
