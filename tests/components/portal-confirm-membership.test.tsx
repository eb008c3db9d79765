import { StrictMode } from "react";
import { act, screen } from "@testing-library/react";
import { dismiss } from "@/hooks/use-toast";
import { ConfirmMembership } from "@/components/portal/confirm-membership";
import { renderWithClient, routeFetch } from "./portal-fixtures";

afterEach(() => act(() => dismiss()));

describe("ConfirmMembership", () => {
  it("shows loading, then the name, the membership number and the note that a welcome email follows", async () => {
    const fetch = routeFetch([["GET", "/api/confirm-membership/tok123", { status: 200, body: { message: "Your membership has been confirmed!", customer: { name: "Jamie Jones", membershipNumber: "1234567890" } } }]]);
    renderWithClient(<ConfirmMembership token="tok123" />);
    expect(screen.getByRole("status")).toHaveTextContent("Confirming your membership...");
    expect(await screen.findByText("membership confirmed")).toBeInTheDocument();
    expect(screen.getByText("Your membership has been confirmed!")).toBeInTheDocument();
    expect(screen.getByText("Jamie Jones")).toBeInTheDocument();
    expect(screen.getByText("1234 5678 90")).toBeInTheDocument();
    expect(screen.getByText(/welcome email with your loyalty card follows/)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  // The link is single use: React's second run of effects (development, StrictMode) must not ask again.
  it("asks the server once under StrictMode", async () => {
    const fetch = routeFetch([["GET", "/api/confirm-membership/once", { status: 200, body: { message: "Your membership has been confirmed!", customer: { name: "Jamie Jones", membershipNumber: "1234567890" } } }]]);
    renderWithClient(
      <StrictMode>
        <ConfirmMembership token="once" />
      </StrictMode>,
    );
    expect(await screen.findByText("membership confirmed")).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  // Issue 20: a second open of the link showed a red "Confirmation failed".
  it("says the membership is already confirmed when the link is opened again, with no error", async () => {
    routeFetch([
      ["GET", "/api/confirm-membership/again", { status: 200, body: { message: "Your membership is already confirmed.", alreadyConfirmed: true, customer: { name: "Jamie Jones", membershipNumber: "1234567890" } } }],
    ]);
    renderWithClient(<ConfirmMembership token="again" />);
    expect(await screen.findByText("already confirmed")).toBeInTheDocument();
    expect(screen.getByText("Your membership is already confirmed.")).toBeInTheDocument();
    expect(screen.getByText("1234 5678 90")).toBeInTheDocument();
    expect(screen.queryByText("confirmation failed")).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows the server's message for an unknown link, with a note to contact the business", async () => {
    routeFetch([["GET", "/api/confirm-membership/used", { status: 404, body: { message: "Invalid confirmation link" } }]]);
    renderWithClient(<ConfirmMembership token="used" />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid confirmation link");
    expect(screen.getByText(/contact the business/)).toBeInTheDocument();
  });

  it("says 'Invalid confirmation link' without a token, without calling the server", async () => {
    const fetch = routeFetch([]);
    renderWithClient(<ConfirmMembership token={null} />);
    expect(screen.getAllByText("Invalid confirmation link").length).toBeGreaterThan(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("falls back to 'Failed to confirm membership' when the server gives no message", async () => {
    routeFetch([["GET", "/api/confirm-membership/broken", { status: 502, body: "<html>bad gateway</html>" }]]);
    renderWithClient(<ConfirmMembership token="broken" />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to confirm membership");
  });

  it("says 'An error occurred while confirming your membership' when the request fails", async () => {
    (globalThis as { fetch?: unknown }).fetch = jest.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    renderWithClient(<ConfirmMembership token="offline" />);
    expect(await screen.findByRole("alert")).toHaveTextContent("An error occurred while confirming your membership");
  });
});
