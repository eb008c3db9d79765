import { render, screen, within } from "@testing-library/react";
import { HallOfFame } from "@/components/dashboard/hall-of-fame";
import type { MoneyMaker, Settled, SuperFan } from "@/lib/dashboard/types";
import { installFakeFetch } from "../helpers/fake-fetch";

// The dashboard page reads both lists on the server (lib/dashboard/get-dashboard-start.ts) and
// renders the hall of fame with them: undefined while they are being read.

jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), back: jest.fn(), prefetch: jest.fn() }),
}));

type Reads = { makers?: Settled<MoneyMaker[]>; fans?: Settled<SuperFan[]> };
const hallOfFame = ({ makers, fans }: Reads) => <HallOfFame makers={makers} fans={fans} />;

describe("hall of fame", () => {
  it("shows both loading skeletons, then both empty states, and asks the API for nothing", () => {
    const fetchMock = installFakeFetch();
    const { rerender } = render(hallOfFame({}));
    expect(screen.getByLabelText("loading money makers")).toHaveAttribute("aria-busy", "true");
    expect(screen.getByLabelText("loading super fans")).toHaveAttribute("aria-busy", "true");
    rerender(hallOfFame({ makers: { data: [] }, fans: { data: [] } }));
    expect(screen.getByText(/no money makers yet/)).toBeInTheDocument();
    expect(screen.getByText(/no super fans yet/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("lists the ranked customers with their spend and activity", () => {
    render(
      hallOfFame({
        makers: {
          data: [
            { id: 7, rank: 1, displayName: "Ann Lee", formattedSpent: "£1,234.50", spentPence: 123_450 },
            { id: 3, rank: 2, displayName: "Bob Stone", formattedSpent: "£99.00", spentPence: 9900 },
          ],
        },
        fans: { data: [{ id: 3, rank: 1, displayName: "Bob Stone", activityCount: 1 }] },
      }),
    );
    const makers = screen.getByRole("list", { name: "top spenders" });
    const rows = within(makers).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual(["1Ann Lee£1,234.50", "2Bob Stone£99.00"]);
    const fans = screen.getByRole("list", { name: "most active customers" });
    expect(within(fans).getByRole("listitem")).toHaveTextContent("Bob Stone1 transaction");
  });

  it("a failed list says so with the server's message while the other still shows", () => {
    render(hallOfFame({ makers: { error: "Something went wrong on our side. Please try again." }, fans: { data: [] } }));
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("we couldn't load your money makers");
    expect(alert).toHaveTextContent("Something went wrong on our side. Please try again.");
    expect(screen.getByText(/no super fans yet/)).toBeInTheDocument();
  });
});
