import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { Toaster } from "@/components/ui/toaster";
import { dismiss, toast, TOAST_DURATION_MS, useToast } from "@/hooks/use-toast";

// jsdom has no pointer capture, which Radix Toast's swipe handling calls on pointerup.
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => {};
}

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
    // The store is module-level: clear it so each test starts with no toast.
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
    expect(screen.getByText("customer updated")).toBeVisible();
    expect(screen.getByText("customer details have been successfully updated")).toBeVisible();
  });

  it("keeps at most one toast: a second one replaces the first", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Account snoozed" });
    });
    act(() => {
      toast({ title: "Account reactivated", description: "Customer account has been reactivated" });
    });
    expect(screen.queryByText("Account snoozed")).not.toBeInTheDocument();
    expect(screen.getByText("Account reactivated")).toBeInTheDocument();
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
  });

  it("disappears after 5000 ms, not before", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "customer updated" });
    });
    expect(TOAST_DURATION_MS).toBe(5000);

    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText("customer updated")).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText("customer updated")).not.toBeInTheDocument();
  });

  it("restarts the 5000 ms for a toast that replaces another", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "first" });
    });
    act(() => jest.advanceTimersByTime(3000));
    act(() => {
      toast({ title: "second" });
    });
    act(() => jest.advanceTimersByTime(4000));
    expect(screen.getByText("second")).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText("second")).not.toBeInTheDocument();
  });

  it("marks the destructive variant", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "update failed", description: "409: Email already in use", variant: "destructive" });
    });
    const item = screen.getByText("update failed").closest("[data-slot=toast]");
    expect(item).toHaveAttribute("data-variant", "destructive");
    expect(item).toHaveClass("bg-destructive");

    act(() => {
      toast({ title: "customer updated" });
    });
    const plain = screen.getByText("customer updated").closest("[data-slot=toast]");
    expect(plain).toHaveAttribute("data-variant", "default");
    expect(plain).not.toHaveClass("bg-destructive");
  });

  it("can be dismissed with its close button", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<Toaster />);
    act(() => {
      toast({ title: "Close failed" });
    });
    await user.click(screen.getByRole("button", { name: "Dismiss notification" }));
    expect(screen.queryByText("Close failed")).not.toBeInTheDocument();
  });
});
