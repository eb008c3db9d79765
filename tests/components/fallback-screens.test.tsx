import type { ReactElement, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import NotFound from "@/app/not-found";
import ErrorPage from "@/app/error";
import GlobalError from "@/app/global-error";

// Issue 20: the 404 and error screens are set in the "swap" Geist (app/fonts.ts; tests/unit/fonts.test.ts
// checks what Next makes of it), not the pages' "optional" one, so a cold visit still gets the brand font.
jest.mock("@/app/fonts", () => ({
  geistSans: { className: "font-pages", variable: "var-geist-sans", style: { fontFamily: "" } },
  geistSansSwap: { className: "font-fallback-screens", variable: "", style: { fontFamily: "" } },
  geistMono: { className: "font-mono-pages", variable: "var-geist-mono", style: { fontFamily: "" } },
}));
jest.mock("@/app/globals.css", () => ({}), { virtual: true });

describe("404 and error screens", () => {
  it("the 404 shows the spec's texts in the swap font", () => {
    render(<NotFound />);
    const heading = screen.getByRole("heading", { level: 1, name: "404 Page Not Found" });
    expect(screen.getByText("Did you forget to add the page to the router?")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the start" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("main")).toHaveClass("font-fallback-screens");
    expect(heading.closest("main")).toHaveClass("font-fallback-screens");
    expect(screen.getByRole("main")).not.toHaveClass("font-pages");
  });

  it("a page error shows the error screen in the swap font, with its reference and a working try again", async () => {
    const retry = jest.fn();
    const error = Object.assign(new Error("boom"), { digest: "4242424242" });
    render(<ErrorPage error={error} retry={retry} />);
    // The screen's code loads when a page fails (issue 23: not in every page's first load).
    expect(await screen.findByRole("heading", { level: 1, name: "something went wrong" })).toBeInTheDocument();
    expect(screen.getByText("reference 4242424242")).toBeInTheDocument();
    expect(screen.queryByText(/boom/)).not.toBeInTheDocument(); // the message may hold details: not shown
    expect(screen.getByRole("main")).toHaveClass("font-fallback-screens");
    await userEvent.click(screen.getByRole("button", { name: "try again" }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("link", { name: "back to the start" })).toHaveAttribute("href", "/");
  });

  it("a thrown non-Error shows no reference", async () => {
    render(<ErrorPage error="just a string" retry={jest.fn()} />);
    expect(await screen.findByRole("heading", { name: "something went wrong" })).toBeInTheDocument();
    expect(screen.queryByText(/^reference/)).not.toBeInTheDocument();
  });

  it("the root layout's own error brings its document with the font variables and the swap face", async () => {
    // The document's shell is static; the screen inside loads when the boundary shows (issue 23).
    const doc = GlobalError({ error: new Error("layout broke"), retry: jest.fn() }) as ReactElement<{ children: ReactElement<{ children: ReactNode }> }>;
    const shell = renderToStaticMarkup(<GlobalError error={new Error("layout broke")} retry={jest.fn()} />);
    expect(shell).toMatch(/^<html lang="en-GB" class="var-geist-sans var-geist-mono">.*<body class="[^"]*font-sans/);
    render(<>{doc.props.children.props.children}</>);
    expect(await screen.findByRole("heading", { level: 1, name: "something went wrong" })).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveClass("font-fallback-screens");
  });
});
