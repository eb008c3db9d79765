import { screen, waitFor, within } from "@testing-library/react";
import { HallOfFame } from "@/components/dashboard/hall-of-fame";
import { installFakeFetch } from "../helpers/fake-fetch";
import { renderWithClient } from "../helpers/render-with-client";

// HallOfFame reads money makers first, then super fans: the fake server answers in that order.

function renderHallOfFame() {
  renderWithClient(<HallOfFame />, { toast: false });
}

describe("hall of fame", () => {
  it("shows both loading skeletons, then both empty states", async () => {
    const fetchMock = installFakeFetch({ status: 200, body: [] }, { status: 200, body: [] });
    renderHallOfFame();
    expect(screen.getByLabelText("loading money makers")).toHaveAttribute("aria-busy", "true");
    expect(screen.getByLabelText("loading super fans")).toHaveAttribute("aria-busy", "true");
    expect(await screen.findByText(/no money makers yet/)).toBeInTheDocument();
    expect(await screen.findByText(/no super fans yet/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.map((c) => c[0]).sort()).toEqual(["/api/dashboard/money-makers", "/api/dashboard/super-fans"]);
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: "include" });
  });

  it("lists the ranked customers with their spend and activity", async () => {
    installFakeFetch(
      {
        status: 200,
        body: [
          { id: 7, rank: 1, displayName: "Ann Lee", formattedSpent: "£1,234.50", spentPence: 123_450 },
          { id: 3, rank: 2, displayName: "Bob Stone", formattedSpent: "£99.00", spentPence: 9900 },
        ],
      },
      { status: 200, body: [{ id: 3, rank: 1, displayName: "Bob Stone", activityCount: 1 }] },
    );
    renderHallOfFame();
    const makers = await screen.findByRole("list", { name: "top spenders" });
    const rows = within(makers).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual(["1Ann Lee£1,234.50", "2Bob Stone£99.00"]);
    const fans = await screen.findByRole("list", { name: "most active customers" });
    expect(within(fans).getByRole("listitem")).toHaveTextContent("Bob Stone1 transaction");
  });

  it("a failed list says so with the server's message while the other still shows", async () => {
    installFakeFetch({ status: 500, body: { message: "Something went wrong on our side. Please try again." } }, { status: 200, body: [] });
    renderHallOfFame();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("we couldn't load your money makers");
    expect(alert).toHaveTextContent("Something went wrong on our side. Please try again.");
    await waitFor(() => expect(screen.getByText(/no super fans yet/)).toBeInTheDocument());
  });
});
