import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { Toaster } from "@/components/ui/toaster";
import { dismiss, toast, TOAST_DURATION_MS, useToast } from "@/hooks/use-toast";

// Issue 20: toasts are sonner's, one at a time, and a toast raised for a problem is dismissed
// by id once the problem is resolved. Sonner renders on its own timers, so the tests run on fake
// timers and let them tick.

// jsdom has no pointer capture, which sonner's swipe handling calls on pointerdown.
if (!Element.prototype.setPointerCapture) {
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.hasPointerCapture = () => false;
}

const settle = () => act(() => jest.advanceTimersByTime(50));
/** The toasts sonner shows (it keeps a removed one for its exit animation, marked data-removed). */
const shown = () => Array.from(document.querySelectorAll("[data-sonner-toast]:not([data-removed=true])"));

function SaveButton() {
  const { toast: show } = useToast();
  return (
    <button type="button" onClick={() => show({ title: "customer updated", description: "customer details have been successfully updated" })}>
      Save
    </button>
  );
}

describe("toasts", () => {
  beforeEach(() => jest.useFakeTimers());

  afterEach(() => {
    act(() => {
      dismiss();
      jest.runOnlyPendingTimers();
    });
    jest.useRealTimers();
  });

  it("shows title and description as text, from a component via useToast", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <>
        <SaveButton />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Save" }));
    await settle();
    expect(screen.getByText("customer updated")).toBeInTheDocument();
    expect(screen.getByText("customer details have been successfully updated")).toBeInTheDocument();
  });

  it("keeps at most one toast: a second one replaces the first", async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Account snoozed" });
    });
    await settle();
    act(() => {
      toast({ title: "Account reactivated", description: "Customer account has been reactivated" });
    });
    await settle();
    expect(shown()).toHaveLength(1);
    expect(shown()[0]).toHaveTextContent("Account reactivated");
  });

  it("disappears after 5000 ms", async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "customer updated" });
    });
    expect(TOAST_DURATION_MS).toBe(5000);
    await settle();
    act(() => jest.advanceTimersByTime(4000));
    expect(shown()).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1500));
    expect(shown()).toHaveLength(0);
  });

  it("marks the destructive variant as an error", async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "update failed", description: "409: Email already in use", variant: "destructive" });
    });
    await settle();
    expect(shown()[0]).toHaveAttribute("data-type", "error");
    act(() => {
      toast({ title: "customer updated" });
    });
    await settle();
    expect(shown()[0]).not.toHaveAttribute("data-type", "error");
  });

  it("is dismissed by id when its cause is resolved, and a toast with the same id updates in place", async () => {
    render(<Toaster />);
    act(() => {
      toast({ id: "voucher-error", title: "voucher not created", description: "400: first problem", variant: "destructive" });
    });
    await settle();
    act(() => {
      toast({ id: "voucher-error", title: "voucher not created", description: "400: second problem", variant: "destructive" });
    });
    await settle();
    expect(shown()).toHaveLength(1);
    expect(shown()[0]).toHaveTextContent("400: second problem");
    act(() => dismiss("voucher-error"));
    await settle();
    expect(shown()).toHaveLength(0);
  });

  it("can be dismissed with its close button", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<Toaster />);
    act(() => {
      toast({ title: "Close failed" });
    });
    await settle();
    await user.click(screen.getByRole("button", { name: "Close toast" }));
    await settle();
    expect(shown()).toHaveLength(0);
  });
});
