"use client";

import { createContext, useContext, useState, type MouseEvent, type ReactNode } from "react";

// The phone menu (below md): a toggle in the header and a full-screen panel under it holding the
// sidebar's nav. Both are client islands sharing one open state; the nav inside is server HTML.
// Following any link in the panel closes it.

type MenuState = { open: boolean; setOpen: (open: boolean) => void };

const MenuContext = createContext<MenuState>({ open: false, setOpen: () => undefined });

export function MobileMenuProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return <MenuContext.Provider value={{ open, setOpen }}>{children}</MenuContext.Provider>;
}

/** className: the ghost icon button's classes, worked out on the server (no class merging here). */
export function MobileMenuButton({ className, openIcon, closeIcon }: { className: string; openIcon: ReactNode; closeIcon: ReactNode }) {
  const { open, setOpen } = useContext(MenuContext);
  return (
    <button data-slot="button" data-variant="ghost" className={className} aria-label={open ? "Close menu" : "Open menu"} aria-expanded={open} onClick={() => setOpen(!open)}>
      {open ? closeIcon : openIcon}
    </button>
  );
}

export function MobileMenuPanel({ children }: { children: ReactNode }) {
  const { open, setOpen } = useContext(MenuContext);
  if (!open) return null;
  const closeOnLink = (e: MouseEvent<HTMLDivElement>) => {
    if (e.target instanceof Element && e.target.closest("a")) setOpen(false);
  };
  return (
    // The click is the links' own (mouse, Enter, tap) bubbling up; the panel itself does nothing.
    <div className="fixed inset-0 top-14 z-20 bg-card md:hidden" role="dialog" aria-label="Menu" onClick={closeOnLink}>
      {children}
    </div>
  );
}
