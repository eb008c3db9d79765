import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { dismiss } from "@/hooks/use-toast";
import { ResetPasswordScreen, checkNewPasswords } from "@/components/auth/reset-password-screen";
import { installFakeFetch } from "../helpers/fake-fetch";
import { navigation } from "../helpers/next-navigation";
import { renderWithClient } from "../helpers/render-with-client";
import { fillAndSubmit } from "../helpers/form-steps";

// /reset-password?token=..&business=.. (spec 3 sections 2, 5 and 8).

jest.mock("next/navigation", () => jest.requireActual("../helpers/next-navigation").nextNavigation);
const mockReplace = navigation.router.replace;
navigation.pathname = "/reset-password";

function renderPage(search = "token=abc123&business=42") {
  navigation.search = search;
  renderWithClient(<ResetPasswordScreen />);
}

const submit = (password: string, confirm: string) => fillAndSubmit({ "New password": password, "Confirm password": confirm }, "Reset password");

describe("Reset password page", () => {
  beforeEach(() => mockReplace.mockReset());
  afterEach(() => act(() => dismiss()));

  it.each([
    ["token=abc"],
    ["business=42"],
    [""],
  ])("with %j: 'Invalid Reset Link' and a redirect to /", async (search) => {
    const fetchMock = installFakeFetch();
    renderPage(search);
    expect(await screen.findByText("Invalid Reset Link")).toBeInTheDocument();
    expect(mockReplace).toHaveBeenCalledWith("/");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ["", "", "Missing Information", "Please enter both password fields."],
    ["longenough1", "", "Missing Information", "Please enter both password fields."],
    ["longenough1", "longenough2", "Passwords Don't Match", "Please ensure both password fields match."],
    ["short1", "short1", "Password Too Short", "Password must be at least 8 characters long."],
  ])("%j / %j: '%s'", async (password, confirm, title, description) => {
    const fetchMock = installFakeFetch();
    renderPage();
    await submit(password, confirm);
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts { token, businessId, newPassword }; 'Password Reset Successful' then /", async () => {
    const fetchMock = installFakeFetch({ status: 200, body: { message: "Your password has been reset. You can now sign in with your new password." } });
    renderPage();
    await submit("letters123", "letters123");
    expect(await screen.findByText("Password Reset Successful")).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/reset-password");
    expect(JSON.parse(String(init?.body))).toEqual({ token: "abc123", businessId: 42, newPassword: "letters123" });
    await waitFor(() => expect(mockReplace).toHaveBeenCalledWith("/"));
  });

  it("a refused link: 'Reset Failed' with the server's message, or the spec's fallback", async () => {
    installFakeFetch(
      { status: 400, body: { message: "This reset link is invalid or has expired. Please ask for a new one." } },
      { status: 500, body: "<html>oops</html>" },
    );
    renderPage();
    await submit("letters123", "letters123");
    expect(await screen.findByText("Reset Failed")).toBeInTheDocument();
    expect(screen.getByText("This reset link is invalid or has expired. Please ask for a new one.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("Failed to reset password. Please try again.")).toBeInTheDocument();
    expect(mockReplace).not.toHaveBeenCalled();
  });

  it("has a show/hide toggle on the password fields", async () => {
    installFakeFetch();
    renderPage();
    const field = screen.getByLabelText("New password");
    expect(field).toHaveAttribute("type", "password");
    await userEvent.click(screen.getAllByRole("button", { name: "Show password" })[0]);
    expect(field).toHaveAttribute("type", "text");
  });

  it("checkNewPasswords follows the spec's order", () => {
    expect(checkNewPasswords("", "x")?.title).toBe("Missing Information");
    expect(checkNewPasswords("abc", "abd")?.title).toBe("Passwords Don't Match");
    expect(checkNewPasswords("abc", "abc")?.title).toBe("Password Too Short");
    expect(checkNewPasswords("abcdefgh", "abcdefgh")).toBeNull();
  });
});
