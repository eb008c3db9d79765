// Customer hub (/customers) of the large business, in Chromium (issue 23: search, sort and pages on
// the server, rows virtualized against the window).
//
// Search: how long from a keystroke in the search box until the hub shows the rows of that search.
// Measured inside the page: a capturing keydown listener notes the time, a MutationObserver checks
// after every DOM change whether the count line says its rows answer the typed text (data-q, set
// only once that search's first page is on screen), and notes that time; a requestAnimationFrame
// after it gives the time to the next frame. It includes the hub's 150 ms pause before it asks the
// server (SEARCH_DEBOUNCE_MS), since the bench waits for each keystroke's result before the next.
//
// Scroll: the list scrolled with the mouse wheel for a few seconds, as fast as a person flicks
// through it; every animation frame's interval is recorded, and the rows in the DOM and the pages
// fetched are counted. Smooth = frames near 16.7 ms while pages keep arriving, and a DOM that does
// not grow with the list.
import type { Browser, Page } from "playwright";
import type { BenchRow } from "../lib/results";
import { timing } from "../lib/stats";

export const KEYSTROKE_BUDGET_MS = 300;
export const SCROLL_FRAME_BUDGET_MS = 34;
/** Mirrors SEARCH_DEBOUNCE_MS in components/customers/customer-queries.ts. */
const DEBOUNCE_MS = 150;

type Listed = { name: string; email: string };

/** The count of matches the server reports for q ("200+" for a search past its cap, "about 99000"
 *  for the estimate of a long list). */
async function serverCount(page: Page, q: string): Promise<string> {
  return page.evaluate(async (query) => {
    const res = await fetch(`/api/customers?q=${encodeURIComponent(query)}&sort=joined&order=desc&limit=1&total=1`);
    const kind = res.headers.get("x-total-kind");
    return `${kind === "about" ? "about " : ""}${res.headers.get("x-total-count")}${kind === "at-least" ? "+" : ""}`;
  }, q);
}

/** A query typed letter by letter: the start of a customer's email up to its first "-" (the bench
 *  seed's "c48213-<tag>@bench.example": "c" matches thousands, "c48213-" one), else the first word of
 *  a name. No spaces: a space changes nothing the server is asked (q is trimmed). */
async function pickQuery(page: Page): Promise<{ query: string; counts: string[] }> {
  const first = await page.evaluate(async () => (await (await fetch("/api/customers?sort=name&order=desc&limit=20")).json()) as Listed[]);
  const withDash = first.find((c) => /^[^@\s]+-/.test(c.email));
  const query = withDash ? withDash.email.slice(0, withDash.email.indexOf("-") + 1) : (first[0]?.name.split(/\s+/)[0] ?? "a").toLowerCase();
  const counts: string[] = [];
  for (let i = 1; i <= query.length; i++) counts.push(await serverCount(page, query.slice(0, i)));
  return { query, counts };
}

// In the page: the keydown time, then on each DOM change whether the hub shows the rows of `expect`.
const INSTRUMENT = `(() => {
  const k = (window.__kt = { t0: 0, expect: null, done: null, frame: null });
  const shows = (q) => {
    const line = document.querySelector('[data-testid="customer-count"]');
    return !!line && line.getAttribute("data-q") === q;
  };
  const check = () => {
    if (k.done !== null || k.expect === null || !shows(k.expect)) return;
    k.done = performance.now() - k.t0;
    requestAnimationFrame(() => (k.frame = performance.now() - k.t0));
  };
  document.addEventListener("keydown", (e) => { k.t0 = e.timeStamp || performance.now(); setTimeout(check); }, true);
  new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["data-q"] });
})()`;

export type SearchTiming = { samples: number[]; toFrame: number[]; customers: string; query: string; counts: string[]; loadMs: number };

async function openHub(browser: Browser, baseUrl: string, cookie: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, extraHTTPHeaders: { cookie } });
  const page = await context.newPage();
  const started = Date.now();
  await page.goto(`${baseUrl}/customers`, { waitUntil: "domcontentloaded" });
  await page.getByTestId("customer-row").first().waitFor({ timeout: 60_000 });
  return { context, page, loadMs: Date.now() - started };
}

export async function measureSearch(browser: Browser, baseUrl: string, cookie: string, passes = 3): Promise<SearchTiming> {
  const { context, page, loadMs } = await openHub(browser, baseUrl, cookie);
  try {
    const customers = await serverCount(page, "");
    const { query, counts } = await pickQuery(page);
    const box = page.getByRole("searchbox", { name: "search customers by name or email" });
    await box.click();

    // A string, not a function: tsx would wrap the inner functions in a helper the page lacks.
    await page.evaluate(INSTRUMENT);

    const samples: number[] = [];
    const toFrame: number[] = [];
    const step = async (key: string, expect: string) => {
      await page.evaluate((q) => {
        const k = (window as unknown as { __kt: { expect: string | null; done: number | null; frame: number | null } }).__kt;
        k.expect = q;
        k.done = null;
        k.frame = null;
      }, expect);
      await page.keyboard.press(key);
      const handle = await page.waitForFunction(() => (window as unknown as { __kt: { frame: number | null } }).__kt.frame !== null, undefined, { timeout: 10_000, polling: 5 });
      await handle.dispose();
      const r = await page.evaluate(() => (window as unknown as { __kt: { done: number; frame: number } }).__kt);
      samples.push(r.done);
      toFrame.push(r.frame);
    };
    for (let pass = 0; pass < passes; pass++) {
      // Type the query, then delete it again: each keystroke is a new search.
      for (let i = 0; i < query.length; i++) await step(query[i], query.slice(0, i + 1));
      for (let i = query.length - 1; i >= 0; i--) await step("Backspace", query.slice(0, i));
    }
    return { samples, toFrame, customers, query, counts, loadMs };
  } finally {
    await context.close();
  }
}

export function searchRows(t: SearchTiming): BenchRow[] {
  const round = (x: number) => Math.round(x * 10) / 10;
  const { median, p95 } = timing(t.samples);
  const note = `${t.samples.length} keystrokes typing and deleting "${t.query}" (matches ${t.counts.join(" > ")}) over ${t.customers} customers, keydown to that search's rows on screen, ${DEBOUNCE_MS} ms pause included`;
  return [
    { group: "customers", name: "search keystroke to its rows median", value: round(median), unit: "ms", budget: `< ${KEYSTROKE_BUDGET_MS} ms`, met: median < KEYSTROKE_BUDGET_MS, note },
    { group: "customers", name: "search keystroke to its rows p95", value: round(p95), unit: "ms", budget: `< ${KEYSTROKE_BUDGET_MS} ms`, met: p95 < KEYSTROKE_BUDGET_MS, note },
    { group: "customers", name: "search keystroke to next frame p95", value: round(timing(t.toFrame).p95), unit: "ms", met: null, note: "informative: until the frame after the update" },
    { group: "customers", name: "/customers first rows visible", value: t.loadMs, unit: "ms", met: null, note: `informative: navigation to the first customer row (${t.customers} customers, one page of 50 fetched)` },
  ];
}

export type ScrollTiming = { frames: number[]; maxRowsInDom: number; pages: number; lastRow: number; seconds: number; customers: string };

/** Flicks down the list with the mouse wheel for `seconds`, recording every frame. */
export async function measureScroll(browser: Browser, baseUrl: string, cookie: string, seconds = 8): Promise<ScrollTiming> {
  const { context, page } = await openHub(browser, baseUrl, cookie);
  try {
    const customers = await serverCount(page, "");
    let pages = 0;
    page.on("request", (req) => {
      if (req.url().includes("/api/customers?") && req.url().includes("cursor=")) pages++;
    });
    await page.evaluate(`(() => {
      const s = (window.__scroll = { frames: [], maxRows: 0, last: performance.now(), on: true });
      const tick = (now) => {
        s.frames.push(now - s.last);
        s.last = now;
        s.maxRows = Math.max(s.maxRows, document.querySelectorAll('[data-testid="customer-row"]').length);
        if (s.on) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);
    await page.mouse.move(683, 600);
    const until = Date.now() + seconds * 1000;
    // About 3,000 px a second: a fast flick through a list, 50 rows a second.
    while (Date.now() < until) {
      await page.mouse.wheel(0, 200);
      await page.waitForTimeout(60);
    }
    const r = (await page.evaluate(`(() => {
      window.__scroll.on = false;
      const rows = document.querySelectorAll('[data-testid="customer-row"]');
      const last = rows.length ? Number(rows[rows.length - 1].getAttribute("aria-rowindex")) - 1 : 0;
      return { frames: window.__scroll.frames.slice(1), maxRows: window.__scroll.maxRows, last };
    })()`)) as { frames: number[]; maxRows: number; last: number };
    return { frames: r.frames, maxRowsInDom: r.maxRows, pages, lastRow: r.last, seconds, customers };
  } finally {
    await context.close();
  }
}

export function scrollRows(t: ScrollTiming): BenchRow[] {
  const round = (x: number) => Math.round(x * 10) / 10;
  const { median, p95 } = timing(t.frames);
  const long = t.frames.filter((f) => f > 50).length;
  const note = `${t.seconds} s of wheel scrolling over ${t.customers} customers: ${t.frames.length} frames, reached row ${t.lastRow.toLocaleString("en-GB")}, ${t.pages} more pages fetched`;
  return [
    { group: "customers", name: "scroll frame interval median", value: round(median), unit: "ms", met: null, note: "informative: 16.7 ms is every frame at 60 Hz" },
    { group: "customers", name: "scroll frame interval p95", value: round(p95), unit: "ms", budget: `< ${SCROLL_FRAME_BUDGET_MS} ms`, met: p95 < SCROLL_FRAME_BUDGET_MS, note },
    { group: "customers", name: "scroll frames over 50 ms", value: long, unit: "count", met: null, note: "informative" },
    { group: "customers", name: "scroll customer rows in the DOM at most", value: t.maxRowsInDom, unit: "count", budget: "< 100", met: t.maxRowsInDom < 100, note: `of ${t.lastRow.toLocaleString("en-GB")} loaded` },
  ];
}
