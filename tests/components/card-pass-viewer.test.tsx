import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PassViewer } from "@/components/cards/pass-viewer";

const NUMBER = "4929811237";
const SHOWN = "4929 8112 37"; // issue 20: the number as every screen shows it
const APPLE = "https://app.example.test/api/wallet/apple/v1/passes/pass.x/4929811237?t=abc";
const GOOGLE = "https://app.example.test/api/wallet/google/save/4929811237?t=def";

describe("PassViewer", () => {
  it("shows only the QR view, without Previous/Next or dots, for a Digital Core card", () => {
    render(<PassViewer membershipNumber={NUMBER} applePassUrl={null} googlePassUrl={null} />);
    const img = screen.getByRole("img", { name: `QR code for card ${SHOWN}` });
    expect(img).toHaveAttribute("src", `/api/qr-hosted/${NUMBER}`);
    expect(screen.getByText("Scan to access loyalty card")).toBeInTheDocument();
    expect(screen.getByText(`Card: ${SHOWN}`)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /previous/i })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /next/i })).not.toBeInTheDocument();
    expect(screen.queryAllByTestId("pass-viewer-dot")).toHaveLength(0);
    expect(screen.queryByText("Apple Wallet")).not.toBeInTheDocument();
  });

  it("cycles QR, Apple Wallet and Google Wallet with Previous/Next and dots when both passes exist", async () => {
    render(<PassViewer membershipNumber={NUMBER} applePassUrl={APPLE} googlePassUrl={GOOGLE} />);
    const dots = screen.getAllByTestId("pass-viewer-dot");
    expect(dots).toHaveLength(3);
    expect(dots[0]).toHaveAttribute("aria-current", "true");

    await userEvent.click(screen.getByRole("button", { name: /next/i }));
    expect(screen.getByText("Apple Wallet")).toBeInTheDocument();
    const appleLink = screen.getByRole("link", { name: /add to apple wallet/i });
    expect(appleLink).toHaveAttribute("href", APPLE);
    expect(appleLink).toHaveAttribute("target", "_blank");
    expect(appleLink.getAttribute("rel")).toContain("noopener");
    expect(screen.queryByRole("img", { name: /QR code/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: /next/i }));
    const googleLink = screen.getByRole("link", { name: /add to google wallet/i });
    expect(googleLink).toHaveAttribute("href", GOOGLE);
    expect(googleLink).toHaveAttribute("target", "_blank");
    expect(screen.getAllByTestId("pass-viewer-dot")[2]).toHaveAttribute("aria-current", "true");

    await userEvent.click(screen.getByRole("button", { name: /next/i })); // wraps round
    expect(screen.getByRole("img", { name: `QR code for card ${SHOWN}` })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: /previous/i })); // and back
    expect(screen.getByRole("link", { name: /add to google wallet/i })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Show Apple Wallet" }));
    expect(screen.getByRole("link", { name: /add to apple wallet/i })).toBeInTheDocument();
  });

  it("shows two views when only the Google pass exists", async () => {
    render(<PassViewer membershipNumber={NUMBER} applePassUrl={null} googlePassUrl={GOOGLE} />);
    expect(screen.getAllByTestId("pass-viewer-dot")).toHaveLength(2);
    await userEvent.click(screen.getByRole("button", { name: /next/i }));
    expect(screen.getByRole("link", { name: /add to google wallet/i })).toBeInTheDocument();
    expect(screen.queryByText("Apple Wallet")).not.toBeInTheDocument();
  });

  it("says 'QR Code unavailable' when the image fails to load", () => {
    render(<PassViewer membershipNumber={NUMBER} applePassUrl={null} googlePassUrl={null} />);
    fireEvent.error(screen.getByRole("img", { name: `QR code for card ${SHOWN}` }));
    expect(screen.getByText("QR Code unavailable")).toBeInTheDocument();
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(screen.getByText(`Card: ${SHOWN}`)).toBeInTheDocument();
  });

  it("says 'Loading...' until the membership number is known", () => {
    render(<PassViewer membershipNumber={undefined} applePassUrl={null} googlePassUrl={null} />);
    const carousel = screen.getByRole("region", { name: "Passes" });
    expect(within(carousel).getByText("Loading...")).toBeInTheDocument();
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });
});
