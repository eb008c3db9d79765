import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { dismiss } from "@/hooks/use-toast";
import { AuthScreen, LEAD_EMAIL_KEY } from "@/components/auth/auth-screen";
import { installFakeFetch } from "../helpers/fake-fetch";
import { navigation } from "../helpers/next-navigation";
import { installDomShims } from "../helpers/dom-shims";
import { renderWithClient } from "../helpers/render-with-client";
import { expectToast } from "../helpers/screen-checks";

// The sign-up tab of the auth screen (spec 3 sections 2, 4, 5 and 8): the access-code gate, the
// signups-paused state, both steps and the phone verification dialog.

jest.mock("next/navigation", () => jest.requireActual("../helpers/next-navigation").nextNavigation);
const mockReplace = navigation.router.replace;
navigation.pathname = "/auth";

installDomShims();

const settings = (overrides: Record<string, unknown> = {}) => ({
  status: 200,
  body: { signupsEnabled: true, pinProtectionEnabled: false, maintenanceMode: false, bannerEnabled: false, bannerTitle: null, bannerText: null, defaultSubscriptionPrice: "21.00", ...overrides },
});
const CODE_SENT = { status: 200, body: { message: "A 4-digit verification code has been sent to +447700900123", phone: "+447700900123" } };
const CREATED = { status: 201, body: { user: { id: 5, businessName: "The Daily Grind" } } };

const body = (mock: jest.Mock, i: number) => JSON.parse(String(mock.mock.calls[i][1]?.body));

function renderScreen() {
  renderWithClient(<AuthScreen />);
}

async function openSignUp() {
  await userEvent.click(screen.getByRole("tab", { name: "Sign up" }));
}

async function fillStep1() {
  await userEvent.type(await screen.findByLabelText("Business name"), "The Daily Grind");
  await userEvent.type(screen.getByLabelText("First name"), "Ada");
  await userEvent.type(screen.getByLabelText("Last name"), "Lovelace");
  await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
  await userEvent.type(screen.getByLabelText("Phone"), "07700 900123");
  await userEvent.type(screen.getByLabelText("Business address"), "1 High Street, Bristol");
  await userEvent.click(screen.getByRole("button", { name: "Continue" }));
}

async function fillStep2() {
  await userEvent.type(await screen.findByLabelText("Password"), "Passw0rd!");
  await userEvent.type(screen.getByLabelText("Confirm password"), "Passw0rd!");
  await userEvent.click(screen.getByRole("checkbox", { name: "I accept the terms and conditions" }));
  await userEvent.click(screen.getByRole("button", { name: "Create account" }));
}

/** The sign-up tab filled in, both steps, up to the dialog that asks for the texted code. */
async function signUpThroughBothSteps() {
  renderScreen();
  await openSignUp();
  await fillStep1();
  await fillStep2();
}

async function verifyCode(dialog: HTMLElement, code: string) {
  await userEvent.type(within(dialog).getByLabelText("Verification code"), code);
  await userEvent.click(within(dialog).getByRole("button", { name: "Verify and create account" }));
}

describe("Sign-up tab", () => {
  beforeEach(() => {
    mockReplace.mockReset();
    navigation.search = "";
    window.localStorage.clear();
  });
  afterEach(() => act(() => dismiss()));

  it("creates the account only after the texted code is entered, then goes to /dashboard", async () => {
    const fetchMock = installFakeFetch(settings(), CODE_SENT, CREATED);
    await signUpThroughBothSteps();

    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("+447700900123")).toBeInTheDocument();
    expect(screen.getByText("Verification code sent")).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe("/api/admin/system-settings");
    expect(fetchMock.mock.calls[1][0]).toBe("/api/auth/signup/send-code");
    expect(body(fetchMock, 1)).toEqual({ phone: "07700900123", email: "ada@example.com" });
    expect(fetchMock).toHaveBeenCalledTimes(2); // nothing created yet

    await verifyCode(dialog, "4321");
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(fetchMock.mock.calls[2][0]).toBe("/api/auth/signup");
    expect(body(fetchMock, 2)).toMatchObject({
      businessName: "The Daily Grind",
      ownerFirstName: "Ada",
      ownerLastName: "Lovelace",
      email: "ada@example.com",
      phone: "07700900123",
      businessAddress: "1 High Street, Bristol",
      password: "Passw0rd!",
      confirmPassword: "Passw0rd!",
      acceptTerms: true,
      emailMarketing: false,
      smsMarketing: false,
      verificationCode: "4321",
    });
    expect(await screen.findByText("Welcome to Loyalty Legends!")).toBeInTheDocument();
    expect(mockReplace).toHaveBeenCalledWith("/dashboard");
  });

  it("a wrong code: 'Signup failed' with the server's message; the dialog stays for another try", async () => {
    installFakeFetch(settings(), CODE_SENT, { status: 400, body: { message: "Invalid verification code. 4 tries left." } });
    await signUpThroughBothSteps();
    const dialog = await screen.findByRole("dialog");
    await verifyCode(dialog, "0000");
    await expectToast("Signup failed", "Invalid verification code. 4 tries left.");
    expect(within(screen.getByRole("dialog")).getByLabelText("Verification code")).toHaveValue("");
    expect(mockReplace).not.toHaveBeenCalled();
  });

  it("asks for 4 digits before calling the server, and can resend the code", async () => {
    const fetchMock = installFakeFetch(settings(), CODE_SENT, CODE_SENT);
    await signUpThroughBothSteps();
    const dialog = await screen.findByRole("dialog");
    await verifyCode(dialog, "12");
    expect(await within(dialog).findByText("Please enter a 4-digit verification code")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Resend code" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(fetchMock.mock.calls[2][0]).toBe("/api/auth/signup/send-code");
  });

  it("a refused code request (email taken) keeps the owner on step 2 with 'Signup failed'", async () => {
    installFakeFetch(settings(), { status: 409, body: { message: "An account with this email already exists" } });
    await signUpThroughBothSteps();
    await expectToast("Signup failed", "An account with this email already exists");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create account" })).toBeEnabled();
  });

  it("with PIN protection: the access-code gate comes first and the code goes with the sign-up", async () => {
    const fetchMock = installFakeFetch(
      settings({ pinProtectionEnabled: true }),
      { status: 403, body: { message: "Invalid access code. Please try again." } },
      { status: 200, body: { valid: true } },
      CODE_SENT,
      CREATED,
    );
    renderScreen();
    await openSignUp();
    await userEvent.type(await screen.findByLabelText("Access code"), "0000");
    await userEvent.click(screen.getByRole("button", { name: "Verify access code" }));
    expect(await screen.findByText("Invalid access code. Please try again.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Business name")).not.toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText("Access code"));
    await userEvent.type(screen.getByLabelText("Access code"), "4321");
    await userEvent.click(screen.getByRole("button", { name: "Verify access code" }));
    await fillStep1();
    expect(body(fetchMock, 2)).toEqual({ accessCode: "4321" });
    await fillStep2();
    const dialog = await screen.findByRole("dialog");
    expect(body(fetchMock, 3)).toMatchObject({ accessCode: "4321" });
    await verifyCode(dialog, "1234");
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(5));
    expect(body(fetchMock, 4)).toMatchObject({ accessCode: "4321", verificationCode: "1234" });
  });

  it("while sign-ups are paused: 'we're in beta' on the tab and the 'signups temporarily paused' dialog", async () => {
    installFakeFetch(settings({ signupsEnabled: false }));
    renderScreen();
    await openSignUp();
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("signups temporarily paused")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByText("we're in beta")).toBeInTheDocument();
    expect(screen.queryByLabelText("Business name")).not.toBeInTheDocument();

    // Coming back to the tab shows the dialog again.
    await userEvent.click(screen.getByRole("tab", { name: "Sign in" }));
    await openSignUp();
    expect(await screen.findByRole("dialog")).toBeInTheDocument();
  });

  it("a stored lead email switches to the sign-up tab and pre-fills the email", async () => {
    window.localStorage.setItem(LEAD_EMAIL_KEY, "lead@example.com");
    installFakeFetch(settings());
    renderScreen();
    await waitFor(() => expect(screen.getByRole("tab", { name: "Sign up" })).toHaveAttribute("aria-selected", "true"));
    expect(await screen.findByLabelText("Email")).toHaveValue("lead@example.com");
  });

  it("a referral link opens the sign-up tab and sends the referral code", async () => {
    navigation.search = "ref=ABC12345";
    const fetchMock = installFakeFetch(settings(), CODE_SENT, CREATED);
    renderScreen();
    expect(screen.getByRole("tab", { name: "Sign up" })).toHaveAttribute("aria-selected", "true");
    await fillStep1();
    await fillStep2();
    const dialog = await screen.findByRole("dialog");
    await verifyCode(dialog, "1234");
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(body(fetchMock, 2)).toMatchObject({ referralCode: "ABC12345" });
  });
});
