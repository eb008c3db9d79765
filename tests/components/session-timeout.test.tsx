import { act, fireEvent, render, screen } from "@testing-library/react";
import { ACTIVITY_STORAGE_KEY, SessionTimeout, formatCountdown, sessionTimeouts } from "@/components/session/session-timeout";

// Spec 3 sections 4 and 9: 5 minutes idle, then a 2-minute m:ss countdown; "I'm still here"
// starts over; at zero or on "Sign out" the owner is signed out.

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
const dialog = () => screen.queryByTestId("session-timeout-dialog");
const countdown = () => screen.getByTestId("session-countdown").textContent;

function renderTimeout() {
  const onSignOut = jest.fn();
  render(<SessionTimeout onSignOut={onSignOut} />);
  return onSignOut;
}

describe("SessionTimeout", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    delete window.__SESSION_TIMEOUT_TEST__;
    window.localStorage.clear();
  });

  it("warns after 5 minutes idle with a 2:00 countdown that ticks in m:ss", () => {
    renderTimeout();
    advance(299_999);
    expect(dialog()).toBeNull();
    advance(1);
    expect(dialog()).not.toBeNull();
    expect(screen.getByText("are you still there?")).toBeInTheDocument();
    expect(countdown()).toBe("2:00");
    advance(1_000);
    expect(countdown()).toBe("1:59");
    advance(60_000);
    expect(countdown()).toBe("0:59");
  });

  it("signs out at zero, once", () => {
    const onSignOut = renderTimeout();
    advance(300_000);
    advance(119_000);
    expect(onSignOut).not.toHaveBeenCalled();
    expect(countdown()).toBe("0:01");
    advance(1_000);
    expect(onSignOut).toHaveBeenCalledTimes(1);
    advance(10_000);
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it("'I'm still here' closes the warning and starts the 5 minutes again", () => {
    const onSignOut = renderTimeout();
    advance(300_000);
    advance(30_000);
    fireEvent.click(screen.getByRole("button", { name: "I'm still here" }));
    expect(dialog()).toBeNull();
    advance(299_000);
    expect(dialog()).toBeNull();
    advance(1_000);
    expect(countdown()).toBe("2:00");
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it("'Sign out' signs out straight away", () => {
    const onSignOut = renderTimeout();
    advance(300_000);
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it.each(["mouseMove", "keyDown", "pointerDown", "scroll", "touchStart"] as const)("%s before the warning resets the idle timer", (event) => {
    renderTimeout();
    advance(200_000);
    fireEvent[event](window);
    advance(200_000);
    expect(dialog()).toBeNull();
    advance(100_000);
    expect(dialog()).not.toBeNull();
  });

  it("scrolling inside an element counts as activity too", () => {
    render(
      <div data-testid="scroller">
        <SessionTimeout onSignOut={jest.fn()} />
      </div>,
    );
    advance(200_000);
    fireEvent.scroll(screen.getByTestId("scroller"));
    advance(200_000);
    expect(dialog()).toBeNull();
  });

  it("activity while the warning shows does not reset it: only the button does", () => {
    const onSignOut = renderTimeout();
    advance(300_000);
    advance(10_000);
    fireEvent.mouseMove(window);
    fireEvent.keyDown(window, { key: "a" });
    expect(dialog()).not.toBeNull();
    expect(countdown()).toBe("1:50");
    advance(110_000);
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it("activity in another tab (a storage event) keeps this tab awake, and this tab shares its own", () => {
    renderTimeout();
    advance(250_000);
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: ACTIVITY_STORAGE_KEY, newValue: String(Date.now()) }));
    });
    advance(250_000);
    expect(dialog()).toBeNull();
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: "something-else", newValue: "1" }));
    });
    advance(50_000);
    expect(dialog()).not.toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "I'm still here" }));
    expect(window.localStorage.getItem(ACTIVITY_STORAGE_KEY)).toBe(String(Date.now()));
  });

  it("honours window.__SESSION_TIMEOUT_TEST__ only when it is set", () => {
    expect(sessionTimeouts()).toEqual({ idleMs: 300_000, warningMs: 120_000 });
    window.__SESSION_TIMEOUT_TEST__ = { idleMs: 2_000, warningMs: 5_000 };
    expect(sessionTimeouts()).toEqual({ idleMs: 2_000, warningMs: 5_000 });
    window.__SESSION_TIMEOUT_TEST__ = { idleMs: -1 };
    expect(sessionTimeouts()).toEqual({ idleMs: 300_000, warningMs: 120_000 });

    window.__SESSION_TIMEOUT_TEST__ = { idleMs: 2_000, warningMs: 5_000 };
    const onSignOut = renderTimeout();
    advance(2_000);
    expect(countdown()).toBe("0:05");
    advance(5_000);
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it("formats the countdown as m:ss", () => {
    expect(formatCountdown(120_000)).toBe("2:00");
    expect(formatCountdown(119_001)).toBe("2:00");
    expect(formatCountdown(61_000)).toBe("1:01");
    expect(formatCountdown(9_000)).toBe("0:09");
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(-5)).toBe("0:00");
  });
});
