import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { dismiss } from "@/hooks/use-toast";
import { SignInForm } from "@/components/auth/sign-in-form";
import { installFakeFetch } from "../helpers/fake-fetch";
import { renderWithClient } from "../helpers/render-with-client";
import { retype } from "../helpers/form-steps";
import { expectToast } from "../helpers/screen-checks";

// The forgot-password dialog of the sign-in tab (spec 3 sections 4, 5, 7 and 8).

function renderSignIn() {
  const onSignedIn = jest.fn();
  renderWithClient(<SignInForm onSignedIn={onSignedIn} />);
  return onSignedIn;
}

const body = (mock: jest.Mock, i: number) => JSON.parse(String(mock.mock.calls[i][1]?.body));
const STARTED = { status: 200, body: { token: "tok-123", businessName: "The Daily Grind", message: "A 4-digit code has been sent to *********123" } };

async function openDialog() {
  await userEvent.click(screen.getByRole("button", { name: "Forgot password?" }));
  return screen.findByRole("dialog");
}

async function enterPhone(phone = "07700 900123") {
  const dialog = await openDialog();
  await userEvent.type(within(dialog).getByLabelText("Phone number"), phone);
  await userEvent.click(within(dialog).getByRole("button", { name: "Send code" }));
  return dialog;
}

/** Up to the step that asks for the texted code and the new password. */
async function reachResetStep() {
  renderSignIn();
  await enterPhone();
  await screen.findByText("choose a new password");
}

const submitReset = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole("button", { name: "Reset password" }));

async function fillReset(code: string, password: string, confirm = password) {
  const dialog = screen.getByRole("dialog");
  await userEvent.type(within(dialog).getByLabelText("Verification code"), code);
  await userEvent.type(within(dialog).getByLabelText("New password"), password);
  await userEvent.type(within(dialog).getByLabelText("Confirm new password"), confirm);
  return dialog;
}

describe("Forgot password dialog", () => {
  afterEach(() => act(() => dismiss()));

  it("phone -> code and new password -> 'password updated successfully', back on the sign-in tab", async () => {
    const fetchMock = installFakeFetch(STARTED, { status: 200, body: { message: "password updated successfully" } });
    const onSignedIn = renderSignIn();
    await enterPhone();
    expect(await screen.findByText("choose a new password")).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe("/api/auth/forgot-password");
    expect(body(fetchMock, 0)).toEqual({ phone: "07700 900123" });
    expect(screen.getByText("The Daily Grind")).toBeInTheDocument();
    expect(screen.getByText("Verification code sent")).toBeInTheDocument();

    const dialog = screen.getByRole("dialog");
    const submit = within(dialog).getByRole("button", { name: "Reset password" });
    expect(submit).toBeDisabled(); // the 4-digit code is needed to submit
    await fillReset("12a34", "N3w-passw0rd!");
    expect(within(dialog).getByLabelText("Verification code")).toHaveValue("1234");
    await userEvent.click(submit);

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1][0]).toBe("/api/auth/reset-password");
    expect(body(fetchMock, 1)).toEqual({ code: "1234", newPassword: "N3w-passw0rd!", confirmPassword: "N3w-passw0rd!", token: "tok-123" });
    expect(await screen.findByText("password updated successfully")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Sign in" })).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("several accounts: choose one (masked emails), then the code goes to that account", async () => {
    const accounts = [
      { id: 7, name: "The Daily Grind", email: "o***@example.com" },
      { id: 9, name: "Bean There", email: "b***@example.com" },
    ];
    const fetchMock = installFakeFetch({ status: 200, body: { requiresSelection: true, accounts } }, { ...STARTED, body: { ...STARTED.body, businessName: "Bean There" } });
    renderSignIn();
    await enterPhone("07700900123");
    expect(await screen.findByText("choose your account")).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Accounts" });
    expect(within(list).getByText("o***@example.com")).toBeInTheDocument();
    await userEvent.click(within(list).getByRole("button", { name: /Bean There/ }));
    expect(await screen.findByText("choose a new password")).toBeInTheDocument();
    expect(body(fetchMock, 1)).toEqual({ phone: "07700900123", businessId: 9 });
    expect(within(screen.getByRole("dialog")).getByText("Bean There")).toBeInTheDocument();
  });

  it("validates the phone with the UK rule before calling the server", async () => {
    const fetchMock = installFakeFetch();
    renderSignIn();
    await enterPhone("12345");
    expect(await screen.findByText("please enter a valid UK phone number")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("an unknown number: 'Phone number not found' with the server's message", async () => {
    installFakeFetch({ status: 404, body: { message: "No account found with this phone number.", error: { code: "not_found", message: "No account found with this phone number." } } });
    renderSignIn();
    await enterPhone();
    await expectToast("Phone number not found", "No account found with this phone number.");
    expect(screen.getByLabelText("Phone number")).toBeInTheDocument(); // still on the phone step
  });

  it("shows the capitalised password rules and 'Passwords don't match' without calling the server", async () => {
    const fetchMock = installFakeFetch(STARTED);
    await reachResetStep();
    const dialog = await fillReset("1234", "short");
    await submitReset(dialog);
    expect(await within(dialog).findByText("Password must be at least 8 characters long")).toBeInTheDocument();

    await retype(userEvent, within(dialog).getByLabelText("New password"), "Password1");
    await submitReset(dialog);
    expect(await within(dialog).findByText("Password must contain at least one special character")).toBeInTheDocument();

    await retype(userEvent, within(dialog).getByLabelText("New password"), "Passw0rd!!");
    await submitReset(dialog);
    expect(await within(dialog).findByText("Passwords don't match")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("a wrong code: 'password reset failed' with the server's message, and the code is cleared", async () => {
    installFakeFetch(STARTED, { status: 400, body: { message: "Invalid verification code. 4 tries left." } });
    await reachResetStep();
    const dialog = await fillReset("9999", "N3w-passw0rd!");
    await submitReset(dialog);
    await expectToast("password reset failed", "Invalid verification code. 4 tries left.");
    expect(within(dialog).getByLabelText("Verification code")).toHaveValue("");
  });

  it("falls back to the spec's message when the server sends none", async () => {
    installFakeFetch(STARTED, { status: 400, body: "" });
    await reachResetStep();
    const dialog = await fillReset("9999", "N3w-passw0rd!");
    await submitReset(dialog);
    await expectToast("password reset failed", "invalid verification code or expired token.");
  });

  it("resend asks for a new code (and a new token) for the same account", async () => {
    const fetchMock = installFakeFetch(STARTED, { ...STARTED, body: { ...STARTED.body, token: "tok-456" } }, { status: 200, body: { message: "ok" } });
    await reachResetStep();
    await userEvent.click(screen.getByRole("button", { name: "Resend code" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(body(fetchMock, 1)).toEqual({ phone: "07700 900123" });
    const dialog = await fillReset("1234", "N3w-passw0rd!");
    await submitReset(dialog);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(body(fetchMock, 2).token).toBe("tok-456");
  });
});
