import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { readFileSync } from "node:fs";
import path from "node:path";
import { BusinessShell } from "@/components/layout/business-shell";
import type { CurrentUser } from "@/lib/auth/current-user";
import { navigation, resetNavigation } from "../helpers/next-navigation";
import { installRouteFetch } from "./account-route-fetch";

// The business shell is a server component (issue 23) with client islands for the current page's
// highlight, the phone menu and the impersonation banner; here it renders as the browser gets it.

jest.mock("next/navigation", () => jest.requireActual("../helpers/next-navigation").nextNavigation);
// The system banner, chat, admin messages and idle timeout have their own tests.
jest.mock("@/components/chrome/system-banner", () => ({ SystemBanner: () => <div data-testid="system-banner-slot" /> }));
jest.mock("@/components/layout/shell-widgets", () => ({ ShellWidgets: ({ adminMode }: { adminMode: boolean }) => <div data-testid="shell-widgets" data-admin-mode={String(adminMode)} /> }));

const owner: CurrentUser = {
  id: 7,
  businessId: 7,
  email: "owner@example.com",
  firstName: "Ada",
  lastName: "Owner",
  businessName: "The Daily Grind",
  isFounderMember: false,
  subscriptionStatus: "active",
  adminMode: false,
  role: "owner",
};

const LINKS = ["Dashboard", "Customers", "Transactions", "Points", "Loyalty cards", "Vouchers", "Automations", "Insights", "Getting started", "Account", "Activity log"];

function renderShell(user: Partial<CurrentUser> = {}, pathname = "/dashboard") {
  resetNavigation(pathname);
  return render(
    <BusinessShell user={{ ...owner, ...user }}>
      <h1>page content</h1>
    </BusinessShell>,
  );
}

// jsdom cannot navigate: the links' clicks still reach React, the browser's default is dropped.
const noNavigation = (e: MouseEvent) => {
  if (e.target instanceof Element && e.target.closest("a")) e.preventDefault();
};
beforeAll(() => window.addEventListener("click", noNavigation));
afterAll(() => window.removeEventListener("click", noNavigation));

describe("business shell", () => {
  it("is a server component: the nav, header and sign-out are not client code", () => {
    const source = readFileSync(path.join(process.cwd(), "components/layout/business-shell.tsx"), "utf8");
    expect(source).not.toMatch(/^\s*["']use client["']/);
  });

  it("lists every section in the main nav and marks the current page, also below it", () => {
    renderShell({}, "/customers/parked");
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getAllByRole("link").map((a) => a.textContent)).toEqual(LINKS);
    expect(within(nav).getByRole("link", { name: "Customers" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Customers" })).toHaveAttribute("href", "/customers");
    for (const name of LINKS.filter((l) => l !== "Customers")) expect(within(nav).getByRole("link", { name })).not.toHaveAttribute("aria-current");
    expect(screen.getByRole("main")).toHaveTextContent("page content");
    expect(screen.getByTestId("system-banner-slot")).toBeInTheDocument();
  });

  it("does not mark a link whose path only starts the same", () => {
    renderShell({}, "/accounting");
    expect(screen.getByRole("link", { name: "Account" })).not.toHaveAttribute("aria-current");
  });

  it("shows the business name, or the founder badge for a founder member", () => {
    const { unmount } = renderShell();
    expect(screen.getByTestId("header-business-name")).toHaveTextContent("The Daily Grind");
    unmount();
    renderShell({ isFounderMember: true });
    expect(screen.queryByTestId("header-business-name")).not.toBeInTheDocument();
    expect(screen.getByText("founder - max free for life")).toBeInTheDocument();
  });

  it("signs out with a plain GET form to /api/logout, which works before any script runs", () => {
    renderShell();
    const signOut = screen.getByRole("button", { name: "Sign out" });
    expect(signOut).toHaveAttribute("type", "submit");
    const form = signOut.closest("form")!;
    expect(form).toHaveAttribute("action", "/api/logout");
    expect(form).toHaveAttribute("method", "get");
  });

  it("opens the phone menu with the same nav, and following a link closes it", async () => {
    const user = userEvent.setup();
    renderShell({}, "/points");
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("dialog", { name: "Menu" })).not.toBeInTheDocument();

    await user.click(toggle);
    const menu = screen.getByRole("dialog", { name: "Menu" });
    expect(screen.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    expect(within(menu).getAllByRole("link").map((a) => a.textContent)).toEqual(LINKS);
    expect(within(menu).getByRole("link", { name: "Points" })).toHaveAttribute("aria-current", "page");

    await user.click(within(menu).getByRole("link", { name: "Vouchers" }));
    expect(screen.queryByRole("dialog", { name: "Menu" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  it("closes the phone menu with its toggle", async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    await user.click(screen.getByRole("button", { name: "Close menu" }));
    expect(screen.queryByRole("dialog", { name: "Menu" })).not.toBeInTheDocument();
  });

  it("while a super admin is logged in as the business: the red banner, whose logout leaves that mode", async () => {
    const user = userEvent.setup();
    const routes = installRouteFetch({
      "POST /api/admin/exit-login-as": { status: 200, body: { message: "ok" } },
    });
    renderShell({ adminMode: true });
    const banner = screen.getByRole("alert");
    expect(banner).toHaveTextContent("super admin is logged in as The Daily Grind");
    expect(screen.getByTestId("shell-widgets")).toHaveAttribute("data-admin-mode", "true");

    await user.click(within(banner).getByRole("button", { name: "logout" }));
    expect(routes.callsTo("POST", "/api/admin/exit-login-as")).toHaveLength(1);
    expect(navigation.router.replace).toHaveBeenCalledWith("/admin-dashboard");
    expect(navigation.router.refresh).toHaveBeenCalled();
  });

  it("shows no impersonation banner to the owner", () => {
    renderShell();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByTestId("shell-widgets")).toHaveAttribute("data-admin-mode", "false");
  });
});
