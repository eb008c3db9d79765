// jsdom lacks a few browser APIs that Radix uses: pointer capture (toasts, selects), scrollIntoView
// (selects, comboboxes) and ResizeObserver (checkboxes and popovers measure themselves). Component
// tests call installDomShims() once at the top of the file; it is a no-op where an API exists.
export function installDomShims() {
  if (!Element.prototype.hasPointerCapture) {
    Element.prototype.hasPointerCapture = () => false;
    Element.prototype.releasePointerCapture = () => {};
  }
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
  if (!("ResizeObserver" in globalThis)) {
    (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
}
