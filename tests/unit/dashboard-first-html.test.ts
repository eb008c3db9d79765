/** @jest-environment node */
// Issue 23 (T2): the dashboard's figures are in the first HTML when their reads are quick; past the
// page's wait the greeting and the skeletons are sent and the figures stream in (a Suspense boundary).
import { Suspense, type ReactElement } from "react";
import { DashboardBody } from "@/components/dashboard/dashboard-page";
import type { DashboardStart } from "@/lib/dashboard/types";
import { settleWithin } from "@/lib/dashboard/settle-within";

const mockStart = jest.fn<Promise<DashboardStart>, [number, Date]>();
jest.mock("@/lib/dashboard/get-dashboard-start", () => ({ getDashboardStart: (id: number, now: Date) => mockStart(id, now) }));
jest.mock("@/lib/auth/page-session", () => ({
  getPageBusinessPrincipal: async () => ({ businessId: 7, business: { name: "The Daily Grind" } }),
}));

const START: DashboardStart = {
  stats: { error: "x" },
  weekly: { error: "x" },
  impact: { error: "x" },
  moneyMakers: { data: [] },
  superFans: { data: [] },
  recent: { data: [] },
  usage: { error: "x" },
  plan: null,
};

// eslint-disable-next-line @typescript-eslint/no-require-imports
const page = () => (require("@/app/(business)/dashboard/page") as { default: () => Promise<ReactElement<{ children: ReactElement<{ start?: DashboardStart }> }>> }).default();

describe("dashboard page: the figures in the first HTML", () => {
  beforeEach(() => mockStart.mockReset());

  it("renders the body with the business's figures when the reads answer at once (no streamed boundary)", async () => {
    mockStart.mockResolvedValue(START);
    const body = (await page()).props.children;
    expect(body.type).toBe(DashboardBody);
    expect(body.props.start).toBe(START);
    expect(mockStart).toHaveBeenCalledWith(7, expect.any(Date));
  });

  it("past the wait, sends the skeletons and streams the figures", async () => {
    let answer: (s: DashboardStart) => void = () => {};
    mockStart.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const t0 = Date.now();
    const body = (await page()).props.children;
    expect(Date.now() - t0).toBeGreaterThanOrEqual(450);
    expect(body.type).toBe(Suspense);
    const fallback = (body.props as unknown as { fallback: ReactElement<{ start?: DashboardStart }> }).fallback;
    expect(fallback.type).toBe(DashboardBody);
    expect(fallback.props.start).toBeUndefined();
    answer(START);
  });
});

describe("settleWithin", () => {
  it("gives the value settled in time, undefined past it, and passes an early rejection on", async () => {
    await expect(settleWithin(Promise.resolve(3), 50)).resolves.toBe(3);
    await expect(settleWithin(new Promise((r) => setTimeout(() => r(3), 200)), 20)).resolves.toBeUndefined();
    await expect(settleWithin(Promise.reject(new Error("down")), 50)).rejects.toThrow("down");
  });
});
