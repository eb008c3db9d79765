import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { dismiss } from "@/hooks/use-toast";
import { PhoneVerificationDialog, type PhoneVerificationProps } from "@/components/business/phone-verification-dialog";
import { installFakeFetch } from "../helpers/fake-fetch";
import { expectToast } from "../helpers/screen-checks";
import { renderWithClient } from "../helpers/render-with-client";

const SENT = { status: 200, body: { message: "A 4-digit verification code has been sent to +447700900123", phone: "+447700900123" } };

function renderDialog(props: Partial<PhoneVerificationProps> = {}) {
  const onOpenChange = jest.fn();
  const onVerified = jest.fn();
  renderWithClient(<PhoneVerificationDialog open onOpenChange={onOpenChange} onVerified={onVerified} phone="07700 900123" businessName="The Daily Grind" {...props} />);
  return { onOpenChange, onVerified };
}

const codeInput = () => screen.getByLabelText("verification code");

/** Sends the code, waits for "Code Sent", types what the owner received and presses Verify. */
async function sendAndVerify(code: string) {
  await userEvent.click(screen.getByRole("button", { name: "Send Code" }));
  await screen.findByText("Code Sent");
  await userEvent.type(codeInput(), code);
  await userEvent.click(screen.getByRole("button", { name: "Verify" }));
}

describe("PhoneVerificationDialog", () => {
  afterEach(() => act(() => dismiss()));

  it("sends the code, then verifies the 4 digits: 'Code Sent' and 'Phone Verified'", async () => {
    const fetchMock = installFakeFetch(SENT, { status: 200, body: { message: "Phone number verified", phone: "+447700900123" } });
    const { onOpenChange, onVerified } = renderDialog();
    await userEvent.click(screen.getByRole("button", { name: "Send Code" }));
    await expectToast("Code Sent", "A 4-digit verification code has been sent to +447700900123");
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/business/send-sms-verification");
    expect(JSON.parse(String(init?.body))).toEqual({ phone: "07700 900123", businessName: "The Daily Grind" });

    await userEvent.type(codeInput(), "12ab34");
    expect(codeInput()).toHaveValue("1234"); // digits only, at most 4
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1][0]).toBe("/api/business/verify-sms-code");
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toEqual({ code: "1234" });
    expect(await screen.findByText("Phone Verified")).toBeInTheDocument();
    expect(onVerified).toHaveBeenCalledWith({ phone: "+447700900123" });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("refuses fewer than 4 digits without calling the server: 'Invalid Code'", async () => {
    const fetchMock = installFakeFetch(SENT);
    renderDialog();
    await sendAndVerify("12");
    await expectToast("Invalid Code", "Please enter a 4-digit verification code");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows 'Verification Failed' with the server's message and clears the code", async () => {
    installFakeFetch(SENT, { status: 400, body: { message: "Invalid verification code. 4 tries left.", error: { code: "bad_request", message: "Invalid verification code. 4 tries left." } } });
    const { onVerified } = renderDialog();
    await sendAndVerify("9999");
    await expectToast("Verification Failed", "Invalid verification code. 4 tries left.");
    expect(codeInput()).toHaveValue("");
    expect(onVerified).not.toHaveBeenCalled();
  });

  it("defaults to 'Invalid verification code' when the server gives no message", async () => {
    installFakeFetch(SENT, { status: 502, body: "<html>bad gateway</html>" });
    renderDialog();
    await sendAndVerify("1111");
    await expectToast("Verification Failed", "Invalid verification code");
  });

  it("shows 'Error' / 'Failed to send verification code' when sending fails", async () => {
    installFakeFetch({ status: 503, body: "" });
    renderDialog();
    await userEvent.click(screen.getByRole("button", { name: "Send Code" }));
    await expectToast("Error", "Failed to send verification code");
    expect(screen.getByRole("button", { name: "Send Code" })).toBeInTheDocument();
  });

  it("checks the number is a UK phone before sending", async () => {
    const fetchMock = installFakeFetch();
    renderDialog({ phone: "12345" });
    await userEvent.click(screen.getByRole("button", { name: "Send Code" }));
    expect(await screen.findByText("please enter a valid UK phone number")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("resends a code", async () => {
    const fetchMock = installFakeFetch(SENT, SENT);
    renderDialog();
    await userEvent.click(screen.getByRole("button", { name: "Send Code" }));
    await screen.findByText("Code Sent");
    await userEvent.click(screen.getByRole("button", { name: "Resend Code" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1][0]).toBe("/api/business/send-sms-verification");
  });

  it("takes other calls for reuse (the sign-up flow)", async () => {
    const fetchMock = installFakeFetch();
    const sendCode = jest.fn(async () => ({ message: "sent!", phone: "+447700900999" }));
    const verifyCode = jest.fn(async () => ({}));
    const { onVerified } = renderDialog({ phone: "07700900999", sendCode, verifyCode });
    await userEvent.click(screen.getByRole("button", { name: "Send Code" }));
    expect(await screen.findByText("sent!")).toBeInTheDocument();
    await userEvent.type(codeInput(), "4321");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith({ phone: "+447700900999" }));
    expect(verifyCode).toHaveBeenCalledWith({ phone: "+447700900999", code: "4321" });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
