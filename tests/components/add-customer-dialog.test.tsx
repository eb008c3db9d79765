import { useState } from "react";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { makeQueryClient } from "@/lib/client/query-client";
import { queryKeys } from "@/lib/client/query-keys";
import { dismiss } from "@/hooks/use-toast";
import { AddCustomerDialog, CUSTOMER_LIMIT_MESSAGE } from "@/components/customers/add-customer-dialog";
import { AUTO_CLOSE_DELAY_MS, SETUP_DURATION_MS } from "@/components/customers/add-customer-success-dialog";
import { TWO_WORDS_MESSAGE } from "@/lib/validation/customers";
import { CODE_NOT_FOUND, REFERRAL_CODE_FORMAT } from "@/lib/rules/referrals";
import { installFakeFetch } from "../helpers/fake-fetch";
import { renderWithClient } from "../helpers/render-with-client";

if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => {};
}

const USAGE_OK = { isAtLimit: false, subscriptionStatus: "trial", customersUsed: 3, customersLimit: 10 };
const USAGE_FULL = { isAtLimit: true, subscriptionStatus: "pro_starter", customersUsed: 10, customersLimit: 10 };

const SENT_DATA = {
  name: "Sarah Jones-Brown",
  email: "sarah@example.com",
  phone: "+447700900123",
  dateOfBirth: null,
  autoGenerateCard: true,
  sendWelcomeEmail: true,
  marketingConsentPhone: false,
  marketingConsentEmail: true,
  marketingConsentSms: false,
};
const SENT = { status: 200, body: { phone: "+447700900123", customerData: SENT_DATA, message: "A 4-digit code has been sent to +447700900123" } };
const CREATED = { status: 201, body: { customer: { id: 7, name: "Sarah Jones-Brown" }, name: "Sarah Jones-Brown", phone: "+447700900123", message: "Customer created" } };
const apiError = (status: number, message: string, code = "bad_request") => ({ status, body: { message, error: { code, message } } });

/** The GETs the dialog makes on opening are answered from the cache unless `seed` is false. */
function setup({ usage = USAGE_OK, seed = true, referralCode }: { usage?: typeof USAGE_OK; seed?: boolean; referralCode?: string } = {}) {
  const client = makeQueryClient();
  if (seed) {
    client.setQueryData(queryKeys.currentUser, { businessName: "The Daily Grind" });
    client.setQueryData(queryKeys.subscriptionUsage, usage);
  }
  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          open add dialog
        </button>
        <AddCustomerDialog open={open} onOpenChange={setOpen} referralCode={referralCode} />
      </>
    );
  }
  renderWithClient(<Harness />, { client });
  return client;
}

/** A fresh fake server, the dialog set up, and the user who works it. */
function start(options?: Parameters<typeof setup>[0]) {
  const fetchMock = installFakeFetch();
  const user = userEvent.setup();
  const client = setup(options);
  return { fetchMock, user, client };
}

const dialog = () => screen.getByTestId("add-customer-dialog");
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body));

async function fillDetails(user: UserEvent, values: { name?: string; email?: string; phone?: string; dob?: string } = {}) {
  const { name = "Sarah Jones-Brown", email = "Sarah@Example.com", phone = "07700 900123", dob } = values;
  await user.clear(screen.getByLabelText("full name"));
  await user.type(screen.getByLabelText("full name"), name);
  await user.clear(screen.getByLabelText("email"));
  await user.type(screen.getByLabelText("email"), email);
  await user.clear(screen.getByLabelText("phone"));
  await user.type(screen.getByLabelText("phone"), phone);
  if (dob) await user.type(screen.getByLabelText("date of birth (optional)"), dob);
  await user.click(screen.getByRole("button", { name: "let's do this!" }));
}

/** Details -> marketing (email consent) -> legal, ticked, ready to send. */
async function reachLegalStep(user: UserEvent) {
  await fillDetails(user);
  expect(await screen.findByRole("heading", { name: "marketing preferences" })).toBeInTheDocument();
  await user.click(screen.getByRole("checkbox", { name: "email marketing" }));
  await user.click(screen.getByRole("button", { name: "send verification code" }));
  expect(await screen.findByRole("heading", { name: "customer information confirmation" })).toBeInTheDocument();
  await user.click(screen.getByRole("checkbox", { name: /I confirm I have read this information/ }));
}

async function reachSmsStep(user: UserEvent) {
  await reachLegalStep(user);
  await user.click(screen.getByRole("button", { name: "confirmed - send verification code" }));
  expect(await screen.findByRole("heading", { name: "sms verification" })).toBeInTheDocument();
}

afterEach(() => {
  act(() => dismiss());
});

describe("AddCustomerDialog", () => {
  it("fetches the signed-in user and usage when it opens, not the customer list (issue 23: nothing used it)", async () => {
    const fetchMock = installFakeFetch({ status: 200, body: { businessName: "The Daily Grind" } }, { status: 200, body: USAGE_OK });
    setup({ seed: false });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock.mock.calls.map((c) => c[0]).sort()).toEqual(["/api/auth/user", "/api/subscription/usage"]);
    for (const call of fetchMock.mock.calls) expect(call[1]).toMatchObject({ credentials: "include" });
  });

  it("lists the field errors in the 'oops' box without calling the server", async () => {
    const { fetchMock, user } = start();
    expect(screen.getByRole("heading", { name: "welcome a new legend!" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "let's do this!" }));
    const box = await screen.findByRole("alert");
    expect(box).toHaveTextContent("oops! let's fix these quickly:");
    expect(within(box).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Name must be at least 2 characters",
      "Please enter a valid email address",
      "Please enter a valid phone number",
    ]);
    await fillDetails(user, { name: "Sarah", email: "sarah@example.com", phone: "07700900123" });
    expect(await screen.findByText(TWO_WORDS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "welcome a new legend!" })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("runs the four steps in order with the right requests, then the success dialog", async () => {
    const fetchMock = installFakeFetch(SENT, CREATED);
    const user = userEvent.setup();
    const client = setup();
    const invalidate = jest.spyOn(client, "invalidateQueries");

    await reachLegalStep(user);
    // Legal text: the marketing sentence for email only, the update page and the support address.
    const legal = screen.getByTestId("customer-legal-text");
    expect(legal).toHaveTextContent("You are happy to receive offers and vouchers from The Daily Grind by email only.");
    expect(within(legal).getByRole("link", { name: /\/customer-preferences$/ })).toHaveAttribute("href", "/customer-preferences");
    expect(within(legal).getByRole("link", { name: "support@loyaltylegends.example" })).toHaveAttribute("href", "mailto:support@loyaltylegends.example");
    // Summary
    expect(dialog()).toHaveTextContent("Sarah Jones-Brown");
    expect(dialog()).toHaveTextContent("sarah@example.com");
    expect(dialog()).toHaveTextContent("email only");
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "confirmed - send verification code" }));
    expect(await screen.findByRole("heading", { name: "sms verification" })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe("/api/customers/send-verification");
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: "POST", credentials: "include", headers: { "Content-Type": "application/json" } });
    // dateOfBirth was left empty, so it is not sent at all.
    expect(bodyOf(fetchMock.mock.calls[0])).toEqual({
      name: "Sarah Jones-Brown",
      email: "sarah@example.com",
      phone: "+447700900123",
      autoGenerateCard: true,
      sendWelcomeEmail: true,
      marketingConsentPhone: false,
      marketingConsentEmail: true,
      marketingConsentSms: false,
    });
    expect(await screen.findByText("Verification code sent")).toBeInTheDocument();
    expect(screen.getByText("A 4-digit code has been sent to +447700900123")).toBeInTheDocument();
    expect(screen.getByTestId("verification-phone")).toHaveTextContent("+447700900123");

    await user.type(screen.getByLabelText("verification code"), "4821");
    await user.click(screen.getByRole("button", { name: "Verify & Complete Signup" }));
    expect(await screen.findByText("just a sec...")).toBeInTheDocument();
    expect(screen.getByText("setting up customer and generating mobile loyalty card")).toBeInTheDocument();
    expect(screen.queryByTestId("add-customer-dialog")).not.toBeInTheDocument();

    expect(fetchMock.mock.calls[1][0]).toBe("/api/customers/verify-and-create");
    expect(fetchMock.mock.calls[1][1]).toMatchObject({ method: "POST" });
    expect(bodyOf(fetchMock.mock.calls[1])).toEqual({ ...SENT_DATA, verificationCode: "4821", sendWelcomeEmail: true, autoGenerateCard: true });
    const invalidated = invalidate.mock.calls.map((c) => (c[0] as { queryKey: readonly string[] }).queryKey[0]).sort();
    expect(invalidated).toEqual([
      "/api/customers",
      "/api/dashboard/impact-stats",
      "/api/dashboard/recent-customers",
      "/api/dashboard/stats",
      "/api/dashboard/weekly-stats",
      "/api/subscription/usage",
    ]);
    // Whatever was on screen is read again (here the usage of the still-open dialog).
    const refetched = fetchMock.mock.calls.slice(2).map((c) => c[0]);
    expect(refetched.every((u) => ["/api/subscription/usage", "/api/auth/user"].includes(u))).toBe(true);
  });

  it("shows 'just a sec...' for exactly 2000 ms, then 'all good!', and closes itself 1500 ms later", async () => {
    expect(SETUP_DURATION_MS).toBe(2000);
    expect(AUTO_CLOSE_DELAY_MS).toBe(1500);
    installFakeFetch(SENT, CREATED);
    const user = userEvent.setup();
    setup();
    await reachSmsStep(user);
    await user.type(screen.getByLabelText("verification code"), "4821");

    jest.useFakeTimers();
    try {
      await act(async () => {
        screen.getByRole("button", { name: "Verify & Complete Signup" }).click();
      });
      // Let the (already resolved) fake server answer and the success dialog mount.
      await act(async () => {
        await jest.advanceTimersByTimeAsync(0);
      });
      expect(screen.getByText("just a sec...")).toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(SETUP_DURATION_MS - 1);
      });
      expect(screen.getByText("just a sec...")).toBeInTheDocument();
      expect(screen.queryByText("all good!")).not.toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1);
      });
      expect(screen.getByText("all good!")).toBeInTheDocument();
      expect(screen.getByText(/welcome aboard, Sarah Jones-Brown!/)).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "continue" })).toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(AUTO_CLOSE_DELAY_MS - 1);
      });
      expect(screen.getByText("all good!")).toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1);
      });
      expect(screen.queryByText("all good!")).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it("'continue' closes the success dialog at once", async () => {
    installFakeFetch(SENT, CREATED);
    const user = userEvent.setup();
    setup();
    await reachSmsStep(user);
    await user.type(screen.getByLabelText("verification code"), "4821");
    await user.click(screen.getByRole("button", { name: "Verify & Complete Signup" }));
    await screen.findByText("all good!", undefined, { timeout: 3000 });
    await user.click(screen.getByRole("button", { name: "continue" }));
    await waitFor(() => expect(screen.queryByText("all good!")).not.toBeInTheDocument());
  });

  it("goes back from marketing to details and from legal confirmation to marketing, keeping what was entered", async () => {
    const { user } = start();
    await fillDetails(user);
    await screen.findByRole("heading", { name: "marketing preferences" });
    await user.click(screen.getByRole("button", { name: "go back" }));
    expect(screen.getByRole("heading", { name: "welcome a new legend!" })).toBeInTheDocument();
    expect(screen.getByLabelText("full name")).toHaveValue("Sarah Jones-Brown");
    await user.click(screen.getByRole("button", { name: "let's do this!" }));
    await screen.findByRole("heading", { name: "marketing preferences" });
    await user.click(screen.getByRole("checkbox", { name: "SMS marketing" }));
    await user.click(screen.getByRole("button", { name: "send verification code" }));
    await screen.findByRole("heading", { name: "customer information confirmation" });
    expect(screen.getByTestId("customer-legal-text")).toHaveTextContent("by SMS only.");
    await user.click(screen.getByRole("button", { name: "go back" }));
    expect(screen.getByRole("heading", { name: "marketing preferences" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "SMS marketing" })).toBeChecked();
  });

  it("words the marketing sentence for both channels and for none", async () => {
    const { user } = start();
    await fillDetails(user);
    await screen.findByRole("heading", { name: "marketing preferences" });
    await user.click(screen.getByRole("button", { name: "send verification code" }));
    expect(await screen.findByTestId("customer-legal-text")).toHaveTextContent(
      "You are not happy to be contacted with offers or vouchers from The Daily Grind; you will only receive service messages about your loyalty card.",
    );
    await user.click(screen.getByRole("button", { name: "go back" }));
    await user.click(screen.getByRole("checkbox", { name: "email marketing" }));
    await user.click(screen.getByRole("checkbox", { name: "SMS marketing" }));
    await user.click(screen.getByRole("button", { name: "send verification code" }));
    expect(await screen.findByTestId("customer-legal-text")).toHaveTextContent("by email and SMS.");
  });

  it("enables the send button only once the legal checkbox is ticked", async () => {
    const { user } = start();
    await reachLegalStep(user);
    const send = screen.getByRole("button", { name: "confirmed - send verification code" });
    expect(send).toBeEnabled();
    await user.click(screen.getByRole("checkbox", { name: /I confirm I have read this information/ }));
    expect(send).toBeDisabled();
  });

  it("shows 'sending verification code...' while the code is being sent", async () => {
    const fetchMock = installFakeFetch();
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    setup();
    await reachLegalStep(user);
    await user.click(screen.getByRole("button", { name: "confirmed - send verification code" }));
    const pending = await screen.findByRole("button", { name: "sending verification code..." });
    expect(pending).toBeDisabled();
    await act(async () => answer({ ok: true, status: 200, text: async () => JSON.stringify(SENT.body) } as Response));
    expect(await screen.findByRole("heading", { name: "sms verification" })).toBeInTheDocument();
  });

  it("accepts digits only, at most 4, and enables verify only with 4 digits", async () => {
    installFakeFetch(SENT);
    const user = userEvent.setup();
    setup();
    await reachSmsStep(user);
    const code = screen.getByLabelText("verification code");
    const verify = screen.getByRole("button", { name: "Verify & Complete Signup" });
    expect(verify).toBeDisabled();
    await user.type(code, "1a2-3");
    expect(code).toHaveValue("123");
    expect(verify).toBeDisabled();
    await user.type(code, "45");
    expect(code).toHaveValue("1234");
    expect(verify).toBeEnabled();
    await user.type(code, "{backspace}");
    expect(verify).toBeDisabled();
  });

  it("shows 'Verifying...' and keeps verify disabled while the request is pending", async () => {
    const fetchMock = installFakeFetch(SENT);
    const user = userEvent.setup();
    setup();
    await reachSmsStep(user);
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    await user.type(screen.getByLabelText("verification code"), "4821");
    await user.click(screen.getByRole("button", { name: "Verify & Complete Signup" }));
    expect(await screen.findByRole("button", { name: "Verifying..." })).toBeDisabled();
    await act(async () => answer({ ok: false, status: 400, text: async () => JSON.stringify(apiError(400, "Invalid code").body) } as Response));
    expect(await screen.findByText("Verification failed")).toBeInTheDocument();
  });

  it("'Update Number' returns to details and clears the code and the pending data", async () => {
    const fetchMock = installFakeFetch(SENT, { ...SENT, body: { ...SENT.body, phone: "+447700900999", customerData: { ...SENT_DATA, phone: "+447700900999" } } });
    const user = userEvent.setup();
    setup();
    await reachSmsStep(user);
    await user.type(screen.getByLabelText("verification code"), "12");
    await user.click(screen.getByRole("button", { name: "Update Number" }));
    expect(screen.getByRole("heading", { name: "welcome a new legend!" })).toBeInTheDocument();
    expect(screen.getByLabelText("phone")).toHaveValue("07700 900123");

    await user.clear(screen.getByLabelText("phone"));
    await user.type(screen.getByLabelText("phone"), "07700900999");
    await user.click(screen.getByRole("button", { name: "let's do this!" }));
    await user.click(await screen.findByRole("button", { name: "send verification code" }));
    // The legal confirmation has to be given again for the new number.
    expect(await screen.findByRole("button", { name: "confirmed - send verification code" })).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: /I confirm I have read this information/ }));
    await user.click(screen.getByRole("button", { name: "confirmed - send verification code" }));
    await screen.findByRole("heading", { name: "sms verification" });
    expect(screen.getByLabelText("verification code")).toHaveValue("");
    expect(screen.getByTestId("verification-phone")).toHaveTextContent("+447700900999");
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(bodyOf(fetchMock.mock.calls[1]).phone).toBe("+447700900999");
  });

  it("resends the stored customer data and says so", async () => {
    const fetchMock = installFakeFetch(SENT, { status: 200, body: { message: "sent", phone: "+447700900123" } });
    const user = userEvent.setup();
    setup();
    await reachSmsStep(user);
    await user.click(screen.getByRole("button", { name: "Resend Code" }));
    expect(await screen.findByText("Code resent")).toBeInTheDocument();
    expect(screen.getByText("A new verification code has been sent")).toBeInTheDocument();
    expect(fetchMock.mock.calls[1][0]).toBe("/api/customers/resend-verification");
    expect(bodyOf(fetchMock.mock.calls[1])).toEqual(SENT_DATA);
  });

  it("reports a failed resend as 'Error' with the server's message", async () => {
    installFakeFetch(SENT, apiError(429, "Please wait a minute before asking for another code"));
    const user = userEvent.setup();
    setup();
    await reachSmsStep(user);
    await user.click(screen.getByRole("button", { name: "Resend Code" }));
    expect(await screen.findByText("Error")).toBeInTheDocument();
    expect(screen.getByText("Please wait a minute before asking for another code")).toBeInTheDocument();
  });

  it("reports a failed send with the server's message and stays on the confirmation step", async () => {
    installFakeFetch(apiError(409, "A customer with this email already exists", "conflict"));
    const user = userEvent.setup();
    setup();
    await reachLegalStep(user);
    await user.click(screen.getByRole("button", { name: "confirmed - send verification code" }));
    expect(await screen.findByText("Error sending verification code")).toBeInTheDocument();
    expect(screen.getByText("A customer with this email already exists")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "customer information confirmation" })).toBeInTheDocument();
  });

  it("says 'Customer limit reached' when the server refuses for the plan's limit", async () => {
    installFakeFetch(apiError(403, CUSTOMER_LIMIT_MESSAGE, "customer_limit_reached"));
    const user = userEvent.setup();
    setup();
    await reachLegalStep(user);
    await user.click(screen.getByRole("button", { name: "confirmed - send verification code" }));
    expect(await screen.findByText("Customer limit reached")).toBeInTheDocument();
    expect(screen.getByText(CUSTOMER_LIMIT_MESSAGE)).toBeInTheDocument();
  });

  it("refuses to start when usage says the starter plan is full", async () => {
    const { fetchMock, user } = start({ usage: USAGE_FULL });
    await fillDetails(user);
    expect(await screen.findByText("Customer limit reached")).toBeInTheDocument();
    expect(screen.getByText(CUSTOMER_LIMIT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "welcome a new legend!" })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reports a wrong code as 'Verification failed' with the server's message and stays on the sms step", async () => {
    installFakeFetch(SENT, apiError(400, "That code is not right. 4 tries left."));
    const user = userEvent.setup();
    setup();
    await reachSmsStep(user);
    await user.type(screen.getByLabelText("verification code"), "0000");
    await user.click(screen.getByRole("button", { name: "Verify & Complete Signup" }));
    expect(await screen.findByText("Verification failed")).toBeInTheDocument();
    expect(screen.getByText("That code is not right. 4 tries left.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "sms verification" })).toBeInTheDocument();
  });

  it("closing at any step resets the form, the step and the legal confirmation", async () => {
    const { user } = start();
    await reachLegalStep(user);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByTestId("add-customer-dialog")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "open add dialog" }));
    expect(await screen.findByRole("heading", { name: "welcome a new legend!" })).toBeInTheDocument();
    expect(screen.getByLabelText("full name")).toHaveValue("");
    expect(screen.getByLabelText("email")).toHaveValue("");
    await fillDetails(user);
    await screen.findByRole("heading", { name: "marketing preferences" });
    expect(screen.getByRole("checkbox", { name: "email marketing" })).not.toBeChecked();
    await user.click(screen.getByRole("button", { name: "send verification code" }));
    expect(await screen.findByRole("checkbox", { name: /I confirm I have read this information/ })).not.toBeChecked();
    expect(screen.getByRole("button", { name: "confirmed - send verification code" })).toBeDisabled();
  });
});

describe("AddCustomerDialog: the friend's referral code (issue 26)", () => {
  const referralField = () => screen.getByLabelText("referral code (optional)");
  async function typeCode(user: UserEvent, code: string) {
    await user.click(screen.getByRole("button", { name: "joined with a friend's referral code?" }));
    await user.type(referralField(), code);
  }

  it("is behind a small link; a code typed there goes with the details (normalised) and shows in the summary", async () => {
    const fetchMock = installFakeFetch(SENT);
    const user = userEvent.setup();
    setup();
    expect(screen.queryByLabelText("referral code (optional)")).not.toBeInTheDocument();
    await typeCode(user, "abcd-2345");
    await reachLegalStep(user);
    expect(dialog()).toHaveTextContent("referral codeABCD2345");
    await user.click(screen.getByRole("button", { name: "confirmed - send verification code" }));
    expect(await screen.findByRole("heading", { name: "sms verification" })).toBeInTheDocument();
    expect(bodyOf(fetchMock.mock.calls[0])).toMatchObject({ name: "Sarah Jones-Brown", referralCode: "ABCD2345" });
  });

  it("a badly typed code is listed with the other field errors without calling the server", async () => {
    const { fetchMock, user } = start();
    await typeCode(user, "AB!");
    await fillDetails(user);
    expect(await screen.findByRole("alert")).toHaveTextContent(REFERRAL_CODE_FORMAT);
    expect(referralField()).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a code the server refuses brings the details back with its message next to the field; fixed, it sends again", async () => {
    const fetchMock = installFakeFetch({ status: 400, body: { message: CODE_NOT_FOUND, error: { code: "bad_request", message: CODE_NOT_FOUND }, field: "referralCode" } }, SENT);
    const user = userEvent.setup();
    setup();
    await typeCode(user, "ZZZZ2345");
    await reachLegalStep(user);
    await user.click(screen.getByRole("button", { name: "confirmed - send verification code" }));
    expect(await screen.findByRole("heading", { name: "welcome a new legend!" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(CODE_NOT_FOUND);
    expect(referralField()).toHaveAttribute("aria-invalid", "true");
    expect(referralField()).toHaveValue("ZZZZ2345");
    await user.clear(referralField());
    await user.click(screen.getByRole("button", { name: "let's do this!" }));
    await user.click(await screen.findByRole("button", { name: "send verification code" }));
    await user.click(await screen.findByRole("checkbox", { name: /I confirm I have read this information/ }));
    await user.click(screen.getByRole("button", { name: "confirmed - send verification code" }));
    expect(await screen.findByRole("heading", { name: "sms verification" })).toBeInTheDocument();
    expect(bodyOf(fetchMock.mock.calls[1]).referralCode).toBeUndefined();
  });

  it("a refusal at verification (the code stopped being valid after the text) also returns to the details", async () => {
    installFakeFetch(SENT, { status: 400, body: { message: "This customer has reached this month's referral limit", field: "referralCode" } });
    const user = userEvent.setup();
    setup();
    await typeCode(user, "ABCD2345");
    await reachSmsStep(user);
    await user.type(screen.getByLabelText("verification code"), "4821");
    await user.click(screen.getByRole("button", { name: "Verify & Complete Signup" }));
    expect(await screen.findByRole("heading", { name: "welcome a new legend!" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("This customer has reached this month's referral limit");
  });

  it("the referral link's code (?ref=) arrives prefilled and open", async () => {
    setup({ referralCode: "ABCD2345" });
    expect(referralField()).toHaveValue("ABCD2345");
  });
});
