import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/client/query-client";
import { Toaster } from "@/components/ui/toaster";
import { AttachReferralCode } from "@/components/referrals/attach-referral-code";
import { NOT_NEW, REFERRAL_CODE_FORMAT } from "@/lib/rules/referrals";
import { installFakeFetch } from "../helpers/fake-fetch";

// Issue 26: attaching a friend's referral code to a customer added without it (customer detail, account tab).

function setup() {
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <AttachReferralCode customerId={42} />
      <Toaster />
    </QueryClientProvider>,
  );
}
const field = () => screen.getByLabelText("friend's referral code");

describe("AttachReferralCode", () => {
  it("opens from its link, sends the normalised code and says whose code it was", async () => {
    const fetchMock = installFakeFetch({ status: 200, body: { message: "Referral recorded: both earn the bonus at the first purchase", referral: { referrerName: "Sam Reed" } } });
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole("button", { name: "joined with a friend's referral code?" }));
    await user.type(field(), "abcd 2345");
    await user.click(screen.getByRole("button", { name: "record referral" }));
    expect(await screen.findByText(/joined with Sam Reed's referral code/)).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe("/api/referrals/claim");
    expect(JSON.parse(String((fetchMock.mock.calls[0][1] as RequestInit).body))).toEqual({ customerId: 42, code: "ABCD2345" });
  });

  it("checks the shape first, then shows the server's refusal next to the field", async () => {
    const fetchMock = installFakeFetch({ status: 400, body: { message: NOT_NEW, error: { code: "bad_request", message: NOT_NEW } } });
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole("button", { name: "joined with a friend's referral code?" }));
    await user.click(screen.getByRole("button", { name: "record referral" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Referral code is required");
    await user.type(field(), "AB!");
    await user.click(screen.getByRole("button", { name: "record referral" }));
    expect(screen.getByRole("alert")).toHaveTextContent(REFERRAL_CODE_FORMAT);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(field());
    await user.type(field(), "ABCD2345");
    await user.click(screen.getByRole("button", { name: "record referral" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(NOT_NEW);
    expect(field()).toHaveAttribute("aria-invalid", "true");
  });
});
