import { expect, test } from "@playwright/test";
import { signUpViaApi } from "./support";

// Spec 3 sections 4 and 9: the session timeout of the business area. The real timeouts are 5
// minutes idle and a 2-minute countdown; the component reads shorter ones from
// window.__SESSION_TIMEOUT_TEST__, set here before any page script runs.

const IDLE_MS = 2_000;
const WARNING_MS = 6_000;

test("after the idle time a countdown warns; 'I'm still here' resets it; at zero the owner is signed out", async ({ page }) => {
  await page.addInitScript(
    ([idleMs, warningMs]) => {
      (window as unknown as { __SESSION_TIMEOUT_TEST__: { idleMs: number; warningMs: number } }).__SESSION_TIMEOUT_TEST__ = { idleMs, warningMs };
    },
    [IDLE_MS, WARNING_MS],
  );
  await signUpViaApi(page, "timeout");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard/);

  const dialog = page.getByRole("dialog", { name: "are you still there?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("timer")).toHaveText(/^0:0[1-6]$/);

  await dialog.getByRole("button", { name: "I'm still here", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard/);

  // Idle again: the warning comes back, and moving the mouse does not dismiss it.
  await expect(dialog).toBeVisible();
  await page.mouse.move(20, 20);
  await page.mouse.move(200, 150);
  await expect(dialog).toBeVisible();

  // At zero the owner is signed out: back on the sign-in page, and the session is over.
  await expect(page).toHaveURL(/^[^?#]*\/(auth)?([?#].*)?$/, { timeout: WARNING_MS + 10_000 });
  await expect(page.getByRole("tab", { name: "Sign in", exact: true })).toBeVisible();
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});

test("'Sign out' in the warning signs out straight away", async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __SESSION_TIMEOUT_TEST__: { idleMs: number; warningMs: number } }).__SESSION_TIMEOUT_TEST__ = { idleMs: 1_500, warningMs: 60_000 };
  });
  await signUpViaApi(page, "timeout");
  await page.goto("/dashboard");
  const dialog = page.getByRole("dialog", { name: "are you still there?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("tab", { name: "Sign in", exact: true })).toBeVisible();
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});
