"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

export const COOKIE_CONSENT_KEY = "cookieConsent";

/** The cookie notice of the auth screen: accept or decline, remembered in browser storage. While
 *  it is shown, the page gets room below its content as tall as the bar (and scrolling keeps that
 *  room clear), so on a phone every button, Continue included, can be scrolled out from under it. */
export function CookieNotice() {
  const [open, setOpen] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Browser storage is only readable after mount.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOpen(window.localStorage.getItem(COOKIE_CONSENT_KEY) === null);
  }, []);
  useEffect(() => {
    const el = bar.current;
    if (!open || !el) return;
    const { body, documentElement: html } = document;
    const reserve = () => {
      const height = `${Math.ceil(el.getBoundingClientRect().height)}px`;
      body.style.paddingBottom = height;
      html.style.scrollPaddingBottom = height;
    };
    reserve();
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(reserve);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = "";
      html.style.scrollPaddingBottom = "";
    };
  }, [open]);
  if (!open) return null;
  const choose = (value: "accepted" | "declined") => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, value);
    setOpen(false);
  };
  return (
    <div ref={bar} role="region" aria-label="Cookie notice" className="fixed inset-x-0 bottom-0 z-40 border-t bg-card p-4 shadow-lg">
      <div className="mx-auto flex max-w-3xl flex-col gap-3 sm:flex-row sm:items-center">
        <p className="flex-1 text-sm text-muted-foreground">
          We use essential cookies to keep you signed in. Optional cookies help us improve the product.
        </p>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => choose("declined")}>
            Decline
          </Button>
          <Button size="sm" onClick={() => choose("accepted")}>
            Accept
          </Button>
        </div>
      </div>
    </div>
  );
}
