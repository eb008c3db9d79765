"use client";

import { useState } from "react";

/** True from the first time `open` is true: a lazily loaded dialog is mounted only once it is
 *  wanted, then stays mounted so it can animate closed and keep its follow-up steps. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
