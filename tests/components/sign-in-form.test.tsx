import { screen, waitFor } from "@testing-library/react";
import { SignInForm } from "@/components/auth/sign-in-form";
import { installFakeFetch } from "../helpers/fake-fetch";
import { renderWithClient } from "../helpers/render-with-client";
import { fillAndSubmit } from "../helpers/form-steps";
import { expectToast } from "../helpers/screen-checks";

function renderForm(onSignedIn = jest.fn()) {
  renderWithClient(<SignInForm onSignedIn={onSignedIn} />);
  return onSignedIn;
}

const signIn = (email: string, password: string) => fillAndSubmit({ Email: email, Password: password }, "Sign in");

describe("SignInForm", () => {
  it("shows the spec's validation messages without calling the server", async () => {
    const fetchSpy = installFakeFetch();
    renderForm();
    await signIn("not-an-email", "short");
    await expectToast("please enter a valid email address", "password must be at least 8 characters");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("posts JSON with credentials and reports success", async () => {
    const fetchMock = installFakeFetch({ status: 200, body: { user: {} } });
    const onSignedIn = renderForm();
    await signIn("Owner@Example.com", "Passw0rd!");
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
    await signIn("owner@example.com", "Wrong-pass1");
    await expectToast("Login failed", "Invalid email or password");
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
