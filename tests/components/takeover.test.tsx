import { useState } from "react";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Takeover } from "@/components/ui/takeover";

// Task T1 (issue 23, Lighthouse mobile on /customers and /transactions): with when="use" the live
// screen's code is fetched when the browser is idle after load, but the server's screen stays
// until it is used (a control pressed, a box focused, a marked part scrolled near): the large live
// render no longer lands in the first seconds of every visit. The first use must still work.

function Live({ onGo, onSort }: { onGo: () => void; onSort: () => void }) {
  const [text, setText] = useState("");
  return (
    <>
      <p>live screen</p>
      <input aria-label="box" data-takeover-key="box" value={text} onChange={(e) => setText(e.target.value)} />
      <p>live: {text}</p>
      <button type="button" data-takeover-key="go" onClick={onGo}>
        go
      </button>
      <button type="button" aria-label="sort by name" onClick={onSort}>
        name
      </button>
    </>
  );
}

const serverScreen = (
  <>
    <p>server screen</p>
    <input aria-label="box" data-takeover-key="box" />
    <button type="button" data-takeover-key="go">
      go
    </button>
    <button type="button" aria-label="sort by name">
      name
    </button>
    <div data-testid="end" data-takeover-visible="" />
  </>
);

/** requestIdleCallback under the test's control (jsdom has none). */
function controlIdle() {
  const queue: (() => void)[] = [];
  window.requestIdleCallback = ((cb: () => void) => queue.push(cb)) as unknown as typeof window.requestIdleCallback;
  window.cancelIdleCallback = jest.fn();
  return { runIdle: () => act(async () => queue.splice(0).forEach((cb) => cb())) };
}

/** IntersectionObserver whose observed elements the test brings into view. */
function controlIntersection() {
  const observers: { cb: IntersectionObserverCallback; targets: Element[] }[] = [];
  class FakeObserver {
    targets: Element[] = [];
    constructor(private cb: IntersectionObserverCallback) {
      observers.push(this as unknown as { cb: IntersectionObserverCallback; targets: Element[] });
    }
    observe(el: Element) {
      this.targets.push(el);
    }
    disconnect() {
      this.targets = [];
    }
  }
  window.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
  return {
    observed: () => observers.flatMap((o) => o.targets),
    scrollIntoView: (el: Element) =>
      act(async () => {
        for (const o of observers)
          if (o.targets.includes(el)) o.cb([{ target: el, isIntersecting: true } as IntersectionObserverEntry], o as unknown as IntersectionObserver);
      }),
  };
}

const original = { ric: window.requestIdleCallback, cic: window.cancelIdleCallback, io: window.IntersectionObserver };
afterEach(() => {
  window.requestIdleCallback = original.ric;
  window.cancelIdleCallback = original.cic;
  window.IntersectionObserver = original.io;
});

function renderUse() {
  const load = jest.fn(() => Promise.resolve(Live));
  const onGo = jest.fn();
  const onSort = jest.fn();
  render(
    <Takeover load={load} props={{ onGo, onSort }} when="use" pendingLabel="loading...">
      {serverScreen}
    </Takeover>,
  );
  return { load, onGo, onSort };
}

describe("Takeover when='use'", () => {
  it("fetches the code when idle after load but keeps the server's screen until it is used", async () => {
    const { runIdle } = controlIdle();
    controlIntersection();
    const { load } = renderUse();
    expect(load).not.toHaveBeenCalled();
    await runIdle();
    expect(load).toHaveBeenCalledTimes(1);
    // Long after the code is there, nothing has been redrawn.
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(screen.getByText("server screen")).toBeInTheDocument();
    expect(screen.queryByText("live screen")).not.toBeInTheDocument();
  });

  it("the first press shows the busy state at once, then takes over and is replayed, with the code fetched once", async () => {
    const user = userEvent.setup();
    const { runIdle } = controlIdle();
    controlIntersection();
    const { load, onGo } = renderUse();
    await runIdle();
    await user.click(screen.getByRole("button", { name: "go" }));
    // Before the live screen's render: the control is busy and the status says what is loading.
    expect(screen.getByRole("button", { name: "go" })).toHaveAttribute("aria-busy", "true");
    expect(screen.getByRole("status")).toHaveTextContent("loading...");
    await waitFor(() => expect(onGo).toHaveBeenCalledTimes(1));
    expect(screen.getByText("live screen")).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("focusing a box takes over, with what was typed and the focus", async () => {
    const user = userEvent.setup();
    const { runIdle } = controlIdle();
    controlIntersection();
    renderUse();
    await runIdle();
    await user.type(screen.getByRole("textbox", { name: "box" }), "ann");
    expect(await screen.findByText("live: ann")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "box" })).toHaveFocus();
  });

  it("takes over when a part marked data-takeover-visible is scrolled near", async () => {
    const { runIdle } = controlIdle();
    const io = controlIntersection();
    renderUse();
    await runIdle();
    const end = screen.getByTestId("end");
    expect(io.observed()).toEqual([end]);
    await io.scrollIntoView(end);
    expect(await screen.findByText("live screen")).toBeInTheDocument();
  });

  it("a press before the idle fetch loads the code then and is replayed", async () => {
    const user = userEvent.setup();
    controlIdle(); // never idle
    controlIntersection();
    const { load, onGo } = renderUse();
    await user.click(screen.getByRole("button", { name: "go" }));
    await waitFor(() => expect(onGo).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe("Takeover: a button without a key", () => {
  it("is found on the live screen by its aria-label and the press replayed (a table's sort buttons)", async () => {
    const user = userEvent.setup();
    controlIdle();
    controlIntersection();
    const { onSort } = renderUse();
    await user.click(screen.getByRole("button", { name: "sort by name" }));
    expect(screen.getByRole("button", { name: "sort by name" })).toHaveAttribute("aria-busy", "true");
    await waitFor(() => expect(onSort).toHaveBeenCalledTimes(1));
    expect(screen.getByText("live screen")).toBeInTheDocument();
  });
});
