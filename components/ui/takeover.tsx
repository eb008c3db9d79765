"use client";

import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode, type SyntheticEvent } from "react";

// A hub's first screen rendered on the server with the signed-in business's data, and its client
// code (queries, forms, tables, dialogs) loaded after the page (issue 23: that code is not in the
// first-load JavaScript). Until the code is there, the server's HTML is on screen and readable; its
// controls carry `data-takeover-key`, and the live screen renders the same controls with the same
// keys. The live screen replaces the server's markup as soon as the browser is idle after load (a
// transition: React renders it in slices, nothing blocks), or at once when a control is used:
// - a click on a control (a button, the explainer) is replayed on the live control with its key,
//   so "add transaction" tapped before the code arrived opens the dialog once it has (meanwhile the
//   control is marked busy and a status says what is loading);
// - what was typed into a box is put into the live box with its key, and the focus follows.

type Pending = { click?: string; focus?: string; typed: Map<string, string> };

type TakeoverProps<P> = {
  /** Imports the live screen (next to anything it must find loaded, such as the table code). */
  load: () => Promise<ComponentType<P>>;
  /** The live screen's props: the server's data it starts from. */
  props: P;
  /** Take over right after hydration (say, a URL that opens a dialog), not when idle. */
  eager?: boolean;
  /** Read out while a control waits for the code ("loading transactions..."). */
  pendingLabel: string;
  /** The server-rendered first screen. */
  children: ReactNode;
};

const keyOf = (el: EventTarget | null) => (el instanceof Element ? el.closest<HTMLElement>("[data-takeover-key]") : null);

/** Sets a box's value the way typing does, so a controlled input's onChange sees it. */
function typeInto(el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(el, value);
  el.dispatchEvent(new Event("input", { bubbles: true }));
}

export function Takeover<P extends object>({ load, props, eager = false, pendingLabel, children }: TakeoverProps<P>) {
  const [Live, setLive] = useState<ComponentType<P> | null>(null);
  // Busy from the start when taking over at once (a dialog the URL asked for is on its way).
  const [busy, setBusy] = useState(eager);
  const root = useRef<HTMLDivElement>(null);
  const pending = useRef<Pending>({ typed: new Map() });
  const started = useRef(false);
  const loadRef = useRef(load);

  const start = () => {
    if (started.current) return;
    started.current = true;
    loadRef.current().then(
      (Screen) => startTransition(() => setLive(() => Screen)),
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
    const whenIdle = () => {
      const run = () => start();
      idle = typeof window.requestIdleCallback === "function" ? window.requestIdleCallback(run, { timeout: 2000 }) : window.setTimeout(run, 200);
    };
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
    return () => {
      window.removeEventListener("load", whenIdle);
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
    const find = (key: string) => el.querySelector<HTMLElement>(`[data-takeover-key="${CSS.escape(key)}"]`);
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
    const control = keyOf(e.target);
    if (!control || control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) return;
    e.preventDefault();
    pending.current.click = control.dataset.takeoverKey;
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
