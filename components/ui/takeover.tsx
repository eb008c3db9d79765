"use client";

import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode, type SyntheticEvent } from "react";

// A hub's first screen rendered on the server with the signed-in business's data, and its client
// code (queries, forms, tables, dialogs) loaded after the page (issue 23: that code is not in the
// first-load JavaScript). Until the code is there, the server's HTML is on screen and readable; its
// controls carry `data-takeover-key`, and the live screen renders the same controls with the same
// keys. The live screen replaces the server's markup as soon as the browser is idle after load (a
// transition: React renders it in slices), or at once when a control is used:
// - a click on a control (a button, the explainer) is replayed on the live control with its key,
//   so "add transaction" tapped before the code arrived opens the dialog once it has (meanwhile the
//   control is marked busy and a status says what is loading); a button without a key is found
//   by its aria-label (the sort buttons of a table header);
// - what was typed into a box is put into the live box with its key, and the focus follows.
// With when="use" (the customer and transaction hubs: a large list whose live render, ~1.5 s of
// main thread on a mid-range phone, held the largest paint back and blocked the first taps) the
// code is still fetched when idle after load, but the live screen is drawn only when the server's
// screen is used: a control pressed, a box focused, or a part marked `data-takeover-visible`
// scrolled near the viewport (say, the end of a list that loads more as it is scrolled).

type Pending = { click?: string; focus?: string; typed: Map<string, string> };

/** When the live screen replaces the server's (the code is fetched when idle after load either way). */
export type TakeoverWhen = "idle" | "use";

type TakeoverProps<P> = {
  /** Imports the live screen (next to anything it must find loaded, such as the table code). */
  load: () => Promise<ComponentType<P>>;
  /** The live screen's props: the server's data it starts from. */
  props: P;
  /** Take over right after hydration (say, a URL that opens a dialog), not when idle. */
  eager?: boolean;
  /** "idle" (default): when the browser is idle after load; "use": on first use (see above). */
  when?: TakeoverWhen;
  /** Read out while a control waits for the code ("loading transactions..."). */
  pendingLabel: string;
  /** The server-rendered first screen. */
  children: ReactNode;
};

const keyOf = (el: EventTarget | null) => (el instanceof Element ? el.closest<HTMLElement>("[data-takeover-key]") : null);

const LABEL_KEY = "label:";
/** A control's key: its data-takeover-key, else (a button without one) its aria-label. */
function controlOf(el: EventTarget | null): { control: HTMLElement; key: string } | null {
  const keyed = keyOf(el);
  if (keyed?.dataset.takeoverKey) return { control: keyed, key: keyed.dataset.takeoverKey };
  const button = el instanceof Element ? el.closest<HTMLButtonElement>("button[aria-label]") : null;
  return button ? { control: button, key: LABEL_KEY + button.getAttribute("aria-label") } : null;
}

function findControl(root: HTMLElement, key: string) {
  const selector = key.startsWith(LABEL_KEY) ? `button[aria-label="${CSS.escape(key.slice(LABEL_KEY.length))}"]` : `[data-takeover-key="${CSS.escape(key)}"]`;
  return root.querySelector<HTMLElement>(selector);
}

/** Runs fn once the browser has painted what is on screen now (the pressed control's busy state). */
function afterNextPaint(fn: () => void) {
  if (typeof requestAnimationFrame !== "function") return void setTimeout(fn, 0);
  requestAnimationFrame(() => setTimeout(fn, 0));
}

/** Sets a box's value the way typing does, so a controlled input's onChange sees it. */
function typeInto(el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(el, value);
  el.dispatchEvent(new Event("input", { bubbles: true }));
}

export function Takeover<P extends object>({ load, props, eager = false, when = "idle", pendingLabel, children }: TakeoverProps<P>) {
  const [Live, setLive] = useState<ComponentType<P> | null>(null);
  // Busy from the start when taking over at once (a dialog the URL asked for is on its way).
  const [busy, setBusy] = useState(eager);
  const root = useRef<HTMLDivElement>(null);
  const pending = useRef<Pending>({ typed: new Map() });
  const started = useRef(false);
  const loadRef = useRef(load);
  const code = useRef<Promise<ComponentType<P>> | null>(null);

  /** The live screen's code, asked for once (again after a failure). */
  const fetchCode = () =>
    (code.current ??= loadRef.current().catch((e: unknown) => {
      code.current = null;
      throw e;
    }));

  const start = () => {
    if (started.current) return;
    started.current = true;
    const show = (Screen: ComponentType<P>) => startTransition(() => setLive(() => Screen));
    fetchCode().then(
      // On first use, after a paint: the pressed control (the code is usually already here) shows
      // its busy state before the live screen's render starts.
      (Screen) => (when === "use" ? afterNextPaint(() => show(Screen)) : show(Screen)),
      () => {
        // The chunk did not load (offline, a new deploy): stay on the server's screen; the next use tries again.
        started.current = false;
        pending.current.click = undefined;
        setBusy(false);
        for (const el of root.current?.querySelectorAll("[data-pending]") ?? []) {
          el.removeAttribute("data-pending");
          el.removeAttribute("aria-busy");
        }
      },
    );
  };
  const wake = (urgent: boolean) => {
    if (urgent) setBusy(true);
    start();
  };

  useEffect(() => {
    if (eager) {
      start();
      return;
    }
    let idle: number | undefined;
    let seen: IntersectionObserver | undefined;
    // "use": once idle, fetch the code and watch the parts that take over when scrolled near.
    const prepare = () => {
      fetchCode().catch(() => {}); // a failure is retried on use
      const parts = root.current?.querySelectorAll("[data-takeover-visible]") ?? [];
      if (parts.length === 0 || typeof IntersectionObserver !== "function") return;
      seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), { rootMargin: "100% 0px" });
      for (const part of parts) seen.observe(part);
    };
    const whenIdle = () => {
      const run = when === "use" ? prepare : start;
      idle = typeof window.requestIdleCallback === "function" ? window.requestIdleCallback(run, { timeout: 2000 }) : window.setTimeout(run, 200);
    };
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
    return () => {
      window.removeEventListener("load", whenIdle);
      seen?.disconnect();
      if (idle !== undefined) (typeof window.cancelIdleCallback === "function" ? window.cancelIdleCallback : window.clearTimeout)(idle);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  // In the commit that shows the live screen: what was typed goes into its boxes, the focus
  // follows, and a click that waited is replayed.
  useLayoutEffect(() => {
    const el = root.current;
    if (!Live || !el) return;
    const { click, focus, typed } = pending.current;
    pending.current = { typed: new Map() };
    const find = (key: string) => findControl(el, key);
    for (const [key, value] of typed) {
      const box = find(key);
      if (box instanceof HTMLInputElement || box instanceof HTMLTextAreaElement) typeInto(box, value);
    }
    if (focus) {
      const box = find(focus);
      box?.focus();
      try {
        if (box instanceof HTMLInputElement) box.setSelectionRange(box.value.length, box.value.length);
      } catch {
        // not a text box (an email or number input): the focus is enough
      }
    }
    if (click) find(click)?.click();
    setBusy(false);
  }, [Live]);

  if (Live) {
    return (
      <div ref={root} className="contents">
        <Live {...props} />
      </div>
    );
  }

  const onClick = (e: SyntheticEvent) => {
    const found = controlOf(e.target);
    if (!found || found.control instanceof HTMLInputElement || found.control instanceof HTMLTextAreaElement) return;
    const { control, key } = found;
    e.preventDefault();
    pending.current.click = key;
    control.setAttribute("aria-busy", "true");
    control.dataset.pending = "";
    wake(true);
  };
  const onFocus = (e: SyntheticEvent) => {
    const box = keyOf(e.target);
    if (box instanceof HTMLInputElement || box instanceof HTMLTextAreaElement) {
      pending.current.focus = box.dataset.takeoverKey;
      start();
    }
  };
  const onBlur = (e: SyntheticEvent) => {
    if (keyOf(e.target)?.dataset.takeoverKey === pending.current.focus) pending.current.focus = undefined;
  };
  const onInput = (e: SyntheticEvent) => {
    const box = keyOf(e.target);
    if ((box instanceof HTMLInputElement || box instanceof HTMLTextAreaElement) && box.dataset.takeoverKey) pending.current.typed.set(box.dataset.takeoverKey, box.value);
  };

  return (
    <div
      ref={root}
      className="contents [&_[data-pending]]:cursor-progress [&_[data-pending]]:opacity-60"
      aria-busy={busy || undefined}
      onClick={onClick}
      onFocus={onFocus}
      onBlur={onBlur}
      onInput={onInput}
    >
      {children}
      {busy && (
        <p role="status" className="sr-only">
          {pendingLabel}
        </p>
      )}
    </div>
  );
}
