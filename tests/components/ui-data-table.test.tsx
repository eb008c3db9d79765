import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { DataTable, type ColumnDef, type SortingState } from "@/components/ui/data-table";
import { scrollWindowTo } from "../helpers/scroll-window";

// The shared table (issue 20): columns and sorting on @tanstack/react-table, long lists virtualized
// against the window with @tanstack/react-virtual (issue 23), phone cards from the table primitives.

type Drink = { id: number; name: string; price: number };

const columns: ColumnDef<Drink, unknown>[] = [
  { id: "name", accessorFn: (d) => d.name, header: "name", enableSorting: true, cell: ({ row }) => row.original.name },
  {
    id: "price",
    accessorFn: (d) => d.price,
    header: "price",
    enableSorting: true,
    sortDescFirst: true,
    cell: ({ row }) => `£${row.original.price}`,
    meta: { label: "price", className: "text-right" },
  },
  {
    id: "actions",
    header: () => <span className="sr-only">actions</span>,
    cell: ({ row }) => (
      <button type="button" onClick={() => ordered.push(row.original.name)}>
        order {row.original.name}
      </button>
    ),
    meta: { stopRowClick: true },
  },
];
let ordered: string[] = [];

const DRINKS: Drink[] = [
  { id: 1, name: "latte", price: 3 },
  { id: 2, name: "espresso", price: 2 },
  { id: 3, name: "mocha", price: 4 },
];

function SortedTable({ data, onRowClick }: { data: Drink[] | undefined; onRowClick?: (d: Drink) => void }) {
  const [sorting, setSorting] = useState<SortingState>([]);
  return (
    <DataTable
      columns={columns}
      data={data}
      getRowId={(d) => String(d.id)}
      sorting={sorting}
      onSortingChange={setSorting}
      aria-label="drinks"
      rowProps={(d) => ({ "data-testid": "drink-row", onClick: onRowClick ? () => onRowClick(d) : undefined })}
      skeleton={{ rows: 4, testId: "drink-skeleton" }}
      empty={<p>no drinks yet</p>}
    />
  );
}

const names = () => screen.queryAllByTestId("drink-row").map((r) => within(r).getAllByRole("cell")[0].textContent);

beforeAll(() => {
  // The virtualizer corrects the scroll position when measured rows differ; jsdom cannot scroll.
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
beforeEach(() => {
  ordered = [];
});

describe("DataTable", () => {
  // Issue 23: the table code (react-table, react-virtual) loads after the first render, outside the
  // pages' first-load JavaScript; until then the table draws its loading state itself. First in this
  // file, while that code is not loaded yet: the two must be the same markup (no layout shift).
  it("draws the header and skeleton rows before its code has loaded exactly as after", async () => {
    const sorted = () => <SortedTable data={undefined} />;
    const { container, rerender } = render(sorted());
    const before = container.innerHTML;
    expect(screen.getAllByTestId("drink-skeleton")).toHaveLength(4);
    expect(screen.getByRole("button", { name: "sort by name" })).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "actions" })).not.toHaveAttribute("aria-sort");
    await act(async () => {
      await import("@/components/ui/tanstack-data-table");
    });
    rerender(sorted());
    expect(container.innerHTML).toBe(before);
    // Once loaded, the rows (sorted by the full table) replace the skeleton.
    rerender(<SortedTable data={DRINKS} />);
    await waitFor(() => expect(names()).toEqual(["latte", "espresso", "mocha"]));
  });

  it("shows skeleton rows while loading (busy), then the rows, or the empty state", async () => {
    const { rerender } = render(<SortedTable data={undefined} />);
    expect(screen.getAllByTestId("drink-skeleton")).toHaveLength(4);
    expect(screen.getByRole("table", { name: "drinks" })).toHaveAttribute("aria-busy", "true");
    rerender(<SortedTable data={DRINKS} />);
    await waitFor(() => expect(names()).toEqual(["latte", "espresso", "mocha"]));
    expect(screen.queryByTestId("drink-skeleton")).not.toBeInTheDocument();
    expect(screen.getByRole("table", { name: "drinks" })).not.toHaveAttribute("aria-busy");
    rerender(<SortedTable data={[]} />);
    expect(screen.getByText("no drinks yet")).toBeInTheDocument();
  });

  it("sorts from the headers with the mouse and the keyboard, and aria-sort says the order", async () => {
    const user = userEvent.setup();
    render(<SortedTable data={DRINKS} />);
    const th = (name: string) => screen.getByRole("columnheader", { name: new RegExp(`^${name}`) });
    expect(th("name")).toHaveAttribute("aria-sort", "none");
    // Not sortable: no aria-sort, no button.
    expect(screen.getByRole("columnheader", { name: "actions" })).not.toHaveAttribute("aria-sort");

    await user.click(screen.getByRole("button", { name: "sort by name" }));
    expect(names()).toEqual(["espresso", "latte", "mocha"]);
    expect(th("name")).toHaveAttribute("aria-sort", "ascending");
    await user.click(screen.getByRole("button", { name: "sort by name" }));
    expect(names()).toEqual(["mocha", "latte", "espresso"]);
    expect(th("name")).toHaveAttribute("aria-sort", "descending");

    // Keyboard: Tab to the price header, Enter sorts most expensive first, Space the other way.
    await user.tab();
    expect(screen.getByRole("button", { name: "sort by price" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(names()).toEqual(["mocha", "latte", "espresso"]);
    expect(th("price")).toHaveAttribute("aria-sort", "descending");
    expect(th("name")).toHaveAttribute("aria-sort", "none");
    await user.keyboard(" ");
    expect(names()).toEqual(["espresso", "latte", "mocha"]);
    expect(th("price")).toHaveAttribute("aria-sort", "ascending");
    // A third press goes back to the order the rows came in.
    await user.keyboard("{Enter}");
    expect(names()).toEqual(["latte", "espresso", "mocha"]);
  });

  it("draws each row as a card on phones: labelled values, and the row's actions inside it", async () => {
    const user = userEvent.setup();
    const opened: string[] = [];
    render(<SortedTable data={DRINKS} onRowClick={(d) => opened.push(d.name)} />);
    const row = screen.getAllByTestId("drink-row")[0];
    // The card styles apply below md; the header row is then for screen readers only.
    expect(row).toHaveClass("max-md:flex", "max-md:rounded-lg", "max-md:border");
    expect(screen.getByRole("table", { name: "drinks" }).querySelector("thead")).toHaveClass("max-md:sr-only");
    const [, price, actions] = within(row).getAllByRole("cell");
    expect(price).toHaveAttribute("data-label", "price");
    expect(price).toHaveClass("max-md:data-[label]:before:content-[attr(data-label)]");
    // The action is reachable in the card, and pressing it does not also open the row.
    await user.click(within(actions).getByRole("button", { name: "order latte" }));
    expect(ordered).toEqual(["latte"]);
    expect(opened).toEqual([]);
    await user.click(price);
    expect(opened).toEqual(["latte"]);
  });

  it("virtualizes 10,000 rows: only a window of them is in the DOM, and scrolling moves it and reports the end", () => {
    const many: Drink[] = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, name: `drink ${i + 1}`, price: i }));
    const onEndReached = jest.fn();
    render(
      <DataTable
        columns={columns}
        data={many}
        getRowId={(d) => String(d.id)}
        aria-label="drinks"
        rowProps={() => ({ "data-testid": "drink-row" })}
        virtual={{ estimateSize: 40, overscan: 5, onEndReached, endThreshold: 20 }}
        rowCount={25_000}
        empty={null}
      />,
    );
    const rendered = () => screen.getAllByTestId("drink-row");
    // jsdom's window is 768 px high: 20 rows of 40 px and the overscan.
    expect(rendered().length).toBeGreaterThan(10);
    expect(rendered().length).toBeLessThan(40);
    expect(names()[0]).toBe("drink 1");
    // Screen readers hear the whole list's size and each row's place in it.
    expect(screen.getByRole("table", { name: "drinks" })).toHaveAttribute("aria-rowcount", "25001");
    expect(rendered()[0]).toHaveAttribute("aria-rowindex", "2");
    // The rows not drawn are stood for by spacers, so the page is as tall as the whole list.
    const spacers = document.querySelectorAll<HTMLElement>('[data-slot="table-spacer"]');
    expect(spacers).toHaveLength(2);
    expect(spacers[0].style.height).toBe("0px");
    expect(parseInt(spacers[1].style.height, 10)).toBeGreaterThan(9_900 * 40);
    expect(onEndReached).not.toHaveBeenCalled();

    scrollWindowTo(5_000 * 40);
    expect(names()).toContain("drink 5001");
    expect(names()).not.toContain("drink 1");
    expect(rendered().length).toBeLessThan(40);
    expect(parseInt(spacers[0].style.height, 10)).toBeGreaterThan(4_900 * 40);
    expect(onEndReached).not.toHaveBeenCalled();

    scrollWindowTo(9_990 * 40);
    expect(names()).toContain("drink 10000");
    expect(onEndReached).toHaveBeenCalled();
    scrollWindowTo(0);
  });
});
