import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { dismiss } from "@/hooks/use-toast";
import { AdminLoginForm } from "@/components/admin/admin-login-form";
import { installFakeFetch } from "../helpers/fake-fetch";
import { renderWithClient } from "../helpers/render-with-client";
import { fillAndSubmit } from "../helpers/form-steps";

// /admin-login (spec 3 sections 2, 5 and 8).

const mockPush = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: mockPush, refresh: jest.fn(), replace: jest.fn() }) }));

function renderForm() {
  renderWithClient(<AdminLoginForm />);
}

const signIn = (email: string, password: string) => fillAndSubmit({ Email: email, Password: password }, "Sign In");

describe("AdminLoginForm", () => {
  afterEach(() => {
    act(() => dismiss());
    mockPush.mockReset();
  });

  it("shows the spec's validation messages and the restricted-access note, and sends nothing", async () => {
    const fetchMock = installFakeFetch();
    renderForm();
    expect(screen.getByText(/access is restricted/i)).toBeInTheDocument();
    await signIn("not-an-email", "");
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts the credentials and goes to /admin-dashboard", async () => {
    const fetchMock = installFakeFetch({ status: 200, body: { admin: { id: 1 }, redirectUrl: "/admin-dashboard" } });
    renderForm();
    await signIn("Admin@Example.com", "secret");
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith("/admin-dashboard"));
    expect(fetchMock.mock.calls[0][0]).toBe("/api/admin/login");
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ email: "admin@example.com", password: "secret" });
  });

  it("'Login Failed' with the server's message, or 'Invalid credentials' when there is none", async () => {
    installFakeFetch({ status: 429, body: { message: "Too many sign-in attempts. Please wait 15 minutes and try again." } }, { status: 401, body: "" });
    renderForm();
    await signIn("admin@example.com", "wrong");
    expect((await screen.findAllByText("Login Failed")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Too many sign-in attempts. Please wait 15 minutes and try again.").length).toBeGreaterThan(0);
    act(() => dismiss());
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect((await screen.findAllByText("Invalid credentials")).length).toBeGreaterThan(0);
    expect(mockPush).not.toHaveBeenCalled();
  });

  it("'Unable to connect to server' when the request cannot be made", async () => {
    (globalThis as { fetch?: unknown }).fetch = jest.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    renderForm();
    await signIn("admin@example.com", "secret");
    expect((await screen.findAllByText("Unable to connect to server")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Login Failed").length).toBeGreaterThan(0);
  });
});
