import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SignInForm } from "@/components/auth/sign-in-form";
import { installFakeFetch } from "../helpers/fake-fetch";
import { renderWithClient } from "../helpers/render-with-client";

function renderForm(onSignedIn = jest.fn()) {
  renderWithClient(<SignInForm onSignedIn={onSignedIn} />);
  return onSignedIn;
}

describe("SignInForm", () => {

  it("shows the spec's validation messages without calling the server", async () => {
    const fetchSpy = installFakeFetch();
    renderForm();
    await userEvent.type(screen.getByLabelText("Email"), "not-an-email");
    await userEvent.type(screen.getByLabelText("Password"), "short");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("password must be at least 8 characters")).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("posts JSON with credentials and reports success", async () => {
    const fetchMock = installFakeFetch({ status: 200, body: { user: {} } });
    const onSignedIn = renderForm();
    await userEvent.type(screen.getByLabelText("Email"), "Owner@Example.com");
    await userEvent.type(screen.getByLabelText("Password"), "Passw0rd!");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/auth/login");
    expect(init).toMatchObject({ method: "POST", credentials: "include", headers: { "Content-Type": "application/json" } });
    expect(JSON.parse(String(init?.body))).toEqual({ email: "owner@example.com", password: "Passw0rd!" });
    expect(await screen.findByText("Welcome back!")).toBeInTheDocument();
  });

  it("shows 'Login failed' with the server's message on a 401", async () => {
    installFakeFetch({ status: 401, body: { message: "Invalid email or password", error: { code: "unauthorized", message: "Invalid email or password" } } });
    const onSignedIn = renderForm();
    await userEvent.type(screen.getByLabelText("Email"), "owner@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "Wrong-pass1");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Login failed")).toBeInTheDocument();
    expect(screen.getByText("Invalid email or password")).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
