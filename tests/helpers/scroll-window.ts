import { act } from "@testing-library/react";

/** Scrolls jsdom's window to `y` (it has no layout, so scrollY is set) and tells the listeners:
 *  a window-virtualized table sees it as a scroll. */
export function scrollWindowTo(y: number) {
  act(() => {
    Object.defineProperty(window, "scrollY", { value: y, configurable: true });
    Object.defineProperty(window, "pageYOffset", { value: y, configurable: true });
    window.dispatchEvent(new Event("scroll"));
  });
}
