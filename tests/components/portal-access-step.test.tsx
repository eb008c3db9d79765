import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { dismiss } from "@/hooks/use-toast";
import { PortalAccessStep } from "@/components/portal/portal-access-step";
import { CODE_SENT, EMAIL, callsTo, granted, renderWithClient, routeFetch, serverError } from "./portal-fixtures";

const URL = "/api/customer/verify-access";

function setup(...replies: { status: number; body?: unknown }[]) {
  const fetch = routeFetch([["POST", URL, ...replies]]);
  const onVerified = jest.fn();
  const user = userEvent.setup();
  renderWithClient(<PortalAccessStep title="Your loyalty account" description="Enter your email" submitLabel="Access My Account" onVerified={onVerified} />);
  return { fetch, onVerified, user };
}

const emailBox = () => screen.getByLabelText("Email address");
const accessButton = () => screen.getByRole("button", { name: "Access My Account" });

afterEach(() => act(() => dismiss()));

describe("PortalAccessStep", () => {
  it("keeps the access button disabled while the email is empty", async () => {
    const { user } = setup();
    expect(accessButton()).toBeDisabled();
    await user.type(emailBox(), "j");
    expect(accessButton()).toBeEnabled();
    await user.clear(emailBox());
    expect(accessButton()).toBeDisabled();
  });

  it("checks the address before calling the server", async () => {
    const { fetch, user } = setup();
    await user.type(emailBox(), "not-an-email");
    await user.click(accessButton());
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks for the emailed code (Enter submits), then verifies the 6 digits", async () => {
    const { fetch, onVerified, user } = setup({ status: 200, body: CODE_SENT }, { status: 200, body: granted() });
    await user.type(emailBox(), ` ${EMAIL.toUpperCase()}{Enter}`);
    expect(await screen.findByText(CODE_SENT.message, { selector: "p" })).toBeInTheDocument();
    expect(screen.getByText("Check your email")).toBeInTheDocument();
    expect(callsTo(fetch, "POST", URL)[0]).toEqual({ email: EMAIL });
    expect(onVerified).not.toHaveBeenCalled();

    const code = screen.getByLabelText("6-digit code");
    const verify = screen.getByRole("button", { name: "Verify Code" });
    await user.type(code, "12ab34");
    expect(code).toHaveValue("1234");
    expect(verify).toBeDisabled();
    await user.type(code, "5678");
    expect(code).toHaveValue("123456");
    await user.click(verify);
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith(expect.objectContaining({ success: true, verified: true, email: EMAIL })));
    expect(callsTo(fetch, "POST", URL)[1]).toEqual({ email: EMAIL, code: "123456" });
  });

  it("shows 'Access Denied' with the server's message for a wrong code and clears it", async () => {
    const { onVerified, user } = setup({ status: 200, body: CODE_SENT }, serverError("That code is not right or has expired. Please check your email or request a new code."));
    await user.type(emailBox(), `${EMAIL}{Enter}`);
    await user.type(await screen.findByLabelText("6-digit code"), "999999");
    await user.click(screen.getByRole("button", { name: "Verify Code" }));
    expect(await screen.findByText("Access Denied")).toBeInTheDocument();
    expect(screen.getByText("That code is not right or has expired. Please check your email or request a new code.")).toBeInTheDocument();
    expect(screen.getByLabelText("6-digit code")).toHaveValue("");
    expect(onVerified).not.toHaveBeenCalled();
  });

  it("falls back to 'Please check your email address' when the server gives no message", async () => {
    const { user } = setup({ status: 502, body: "<html>bad gateway</html>" });
    await user.type(emailBox(), `${EMAIL}{Enter}`);
    expect(await screen.findByText("Access Denied")).toBeInTheDocument();
    expect(screen.getByText("Please check your email address")).toBeInTheDocument();
    expect(emailBox()).toBeInTheDocument();
  });

  it("lets an address this browser already proved straight through", async () => {
    const { onVerified, user } = setup({ status: 200, body: granted() });
    await user.type(emailBox(), `${EMAIL}{Enter}`);
    await waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    expect(screen.queryByLabelText("6-digit code")).not.toBeInTheDocument();
  });

  it("can resend the code or go back to change the address", async () => {
    const { fetch, user } = setup({ status: 200, body: CODE_SENT });
    await user.type(emailBox(), `${EMAIL}{Enter}`);
    await user.click(await screen.findByRole("button", { name: "Resend code" }));
    await waitFor(() => expect(callsTo(fetch, "POST", URL)).toHaveLength(2));
    expect(callsTo(fetch, "POST", URL)[1]).toEqual({ email: EMAIL });
    await user.click(screen.getByRole("button", { name: "Use a different email" }));
    expect(emailBox()).toHaveValue(EMAIL);
  });
});
