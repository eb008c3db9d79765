import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { BANNER_DISMISSED_KEY, BANNER_POLL_MS, SystemBanner } from "@/components/chrome/system-banner";
import { installRouteFetch } from "./account-route-fetch";
import { renderWithClient } from "../helpers/render-with-client";

type Banner = { bannerEnabled: boolean; bannerTitle: string | null; bannerText: string | null };

function serve(initial: Banner) {
  let current = initial;
  const routes = installRouteFetch({ "GET /api/admin/system-settings": () => ({ status: 200, body: { signupsEnabled: true, ...current } }) });
  return { set: (next: Banner) => (current = next), routes };
}

function renderBanner() {
  renderWithClient(<SystemBanner />, { toast: false });
}

const poll = () =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(BANNER_POLL_MS);
  });

beforeEach(() => {
  window.localStorage.clear();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe("system banner", () => {
  it("shows the title and text, hides when dismissed and stays hidden while they are unchanged", async () => {
    const server = serve({ bannerEnabled: true, bannerTitle: "Scheduled maintenance", bannerText: "Sunday 2am-4am" });
    renderBanner();
    const banner = await screen.findByTestId("system-banner");
    expect(banner).toHaveTextContent("Scheduled maintenance");
    expect(banner).toHaveTextContent("Sunday 2am-4am");

    await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(screen.getByRole("button", { name: "Dismiss announcement" }));
    expect(screen.queryByTestId("system-banner")).not.toBeInTheDocument();
    expect(window.localStorage.getItem(BANNER_DISMISSED_KEY)).toContain("Scheduled maintenance");

    await poll();
    expect(server.routes.callsTo("GET", "/api/admin/system-settings")).toHaveLength(2);
    expect(screen.queryByTestId("system-banner")).not.toBeInTheDocument();
  });

  it("comes back when the text changes, and again when the title changes", async () => {
    const server = serve({ bannerEnabled: true, bannerTitle: "Heads up", bannerText: "first text" });
    renderBanner();
    await screen.findByTestId("system-banner");
    await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(screen.getByRole("button", { name: "Dismiss announcement" }));
    expect(screen.queryByTestId("system-banner")).not.toBeInTheDocument();

    server.set({ bannerEnabled: true, bannerTitle: "Heads up", bannerText: "second text" });
    await poll();
    expect(await screen.findByTestId("system-banner")).toHaveTextContent("second text");

    await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(screen.getByRole("button", { name: "Dismiss announcement" }));
    server.set({ bannerEnabled: true, bannerTitle: "New heads up", bannerText: "second text" });
    await poll();
    expect(await screen.findByTestId("system-banner")).toHaveTextContent("New heads up");
  });

  it("remembers a dismissal across page loads", async () => {
    serve({ bannerEnabled: true, bannerTitle: "Heads up", bannerText: "text" });
    renderBanner();
    await screen.findByTestId("system-banner");
    await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(screen.getByRole("button", { name: "Dismiss announcement" }));
    document.body.innerHTML = "";
    renderBanner();
    await poll();
    expect(screen.queryByTestId("system-banner")).not.toBeInTheDocument();
  });

  it("shows nothing when the banner is off, empty, or the settings cannot be read", async () => {
    const server = serve({ bannerEnabled: false, bannerTitle: "Hidden", bannerText: "hidden" });
    renderBanner();
    await poll();
    expect(screen.queryByTestId("system-banner")).not.toBeInTheDocument();
    server.set({ bannerEnabled: true, bannerTitle: "", bannerText: null });
    await poll();
    expect(screen.queryByTestId("system-banner")).not.toBeInTheDocument();
    installRouteFetch({});
    await poll();
    expect(screen.queryByTestId("system-banner")).not.toBeInTheDocument();
  });
});
