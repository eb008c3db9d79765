import { act, render, screen } from "@testing-library/react";
import { TIP_INTERVAL_MS, TIPS, TipsBanner } from "@/components/dashboard/tips-banner";

describe("tips banner", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("has 5 tips and shows the next one every 3000 ms, wrapping round", () => {
    expect(TIPS).toHaveLength(5);
    expect(TIP_INTERVAL_MS).toBe(3000);
    render(<TipsBanner icon={null} />);
    const text = () => screen.getByTestId("tip-text").textContent;
    expect(text()).toBe(`tip 1 of 5: ${TIPS[0]}`);
    act(() => jest.advanceTimersByTime(2999));
    expect(text()).toBe(`tip 1 of 5: ${TIPS[0]}`);
    act(() => jest.advanceTimersByTime(1));
    expect(text()).toBe(`tip 2 of 5: ${TIPS[1]}`);
    act(() => jest.advanceTimersByTime(3000 * 3));
    expect(text()).toBe(`tip 5 of 5: ${TIPS[4]}`);
    act(() => jest.advanceTimersByTime(3000));
    expect(text()).toBe(`tip 1 of 5: ${TIPS[0]}`);
  });

  it("is hidden below the 640 px breakpoint", () => {
    render(<TipsBanner icon={null} />);
    const region = screen.getByRole("region", { name: "tips" });
    expect(region).toHaveClass("hidden", "sm:block");
  });

  it("stops its timer when it leaves the page", () => {
    const { unmount } = render(<TipsBanner icon={null} />);
    expect(jest.getTimerCount()).toBe(1);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});
