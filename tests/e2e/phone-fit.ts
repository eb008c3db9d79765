import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

// Issue 20: the checks every screen and dialog of tests/e2e/mobile-a11y.spec.ts goes through, at
// whatever width the project runs (375 px for @mobile, 1280 px for desktop):
//  1. nothing wider than the screen: the document does not scroll sideways and the phone did not
//     zoom out (innerWidth is still the device width);
//  2. nothing scrolls sideways inside the page either (a table or tab list in an overflow box),
//     and no visible element sticks out past the screen's edge;
//  3. every control is reachable: no button, link, input or tab is cut off by a clipping box;
//  4. axe-core finds no serious or critical violation (WCAG 2.x A and AA);
// and a full-page screenshot goes to test-results/screens/<project>/<name>.png (CI keeps
// test-results as an artifact). Failures are soft, so one run lists every screen's problems.

type LayoutProblem = { kind: string; what: string; left: number; right: number; width: number };

/** Runs in the page: every layout problem of the current view, at most 10 per kind. */
function findLayoutProblems(): LayoutProblem[] {
  const vw = document.documentElement.clientWidth;
  const problems: LayoutProblem[] = [];
  const counts: Record<string, number> = {};
  const describe = (el: Element) => {
    const id = el.id ? `#${el.id}` : "";
    const label = el.getAttribute("aria-label") ?? (el.textContent ?? "").trim().slice(0, 40);
    const cls = typeof el.className === "string" ? `.${el.className.split(/\s+/).slice(0, 4).join(".")}` : "";
    return `${el.tagName.toLowerCase()}${id}${cls} "${label}"`;
  };
  const add = (kind: string, el: Element, r: DOMRect) => {
    counts[kind] = (counts[kind] ?? 0) + 1;
    if (counts[kind] <= 10) problems.push({ kind, what: describe(el), left: Math.round(r.left), right: Math.round(r.right), width: Math.round(r.width) });
  };
  const visible = (el: Element, r: DOMRect) => {
    if (r.width <= 1 || r.height <= 1) return false; // sr-only and collapsed
    const cs = getComputedStyle(el);
    return cs.visibility !== "hidden" && cs.display !== "none" && Number(cs.opacity) > 0.01;
  };
  const clipsX = (el: Element) => {
    const o = getComputedStyle(el).overflowX;
    return o !== "visible";
  };
  const interactive = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="tab"], [role="button"], [role="checkbox"], [role="switch"], [role="combobox"], [role="menuitem"]';

  for (const el of Array.from(document.body.querySelectorAll("*"))) {
    if (el.closest('[aria-hidden="true"], [data-sonner-toaster], svg')) continue;
    const r = el.getBoundingClientRect();
    if (!visible(el, r)) continue;
    const cs = getComputedStyle(el);

    // a box that scrolls sideways (a table, a tab list, a form wider than its dialog)
    if ((cs.overflowX === "auto" || cs.overflowX === "scroll") && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
      add("scrolls sideways", el, r);
    }
    // anything visible past the screen's edge
    if (r.right > vw + 1 || r.left < -1) {
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (clipsX(p)) {
          const pr = p.getBoundingClientRect();
          if (pr.right <= vw + 1 && pr.left >= -1) clipped = true;
          break;
        }
      }
      if (!clipped) add("past the screen edge", el, r);
    }
    // a control cut off by the box around it
    if (el.matches(interactive)) {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (!clipsX(p)) continue;
        const pr = p.getBoundingClientRect();
        if (r.right > pr.right + 1 || r.left < pr.left - 1) {
          add("control cut off", el, r);
          break;
        }
      }
    }
  }
  return problems;
}

export async function checkScreen(page: Page, testInfo: TestInfo, name: string, opts: { axeExclude?: string[] } = {}) {
  // let fonts, data and entry animations settle (dialogs zoom in for 200 ms)
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);

  const width = page.viewportSize()!.width;
  const sizes = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect.soft(sizes, `${name}: the page is wider than the ${width} px screen`).toEqual({ scrollWidth: expect.any(Number), innerWidth: width });
  expect.soft(sizes.scrollWidth, `${name}: document.documentElement.scrollWidth`).toBeLessThanOrEqual(width);
  const problems = await page.evaluate(findLayoutProblems);
  expect.soft(problems, `${name}: elements wider than the screen or cut off`).toEqual([]);

  const axe = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
  // Toasts on their way in or out (sonner fades them) or stacked behind the one shown are not
  // what anyone reads; the toast on screen is checked like everything else.
  for (const selector of ['[data-sonner-toast][data-removed="true"]', '[data-sonner-toast][data-visible="false"]', '[data-sonner-toast][data-mounted="false"]', ...(opts.axeExclude ?? [])]) {
    axe.exclude(selector);
  }
  const results = await axe.analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} :: ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`) }));
  expect.soft(serious, `${name}: serious/critical axe violations`).toEqual([]);

  const file = path.join(testInfo.project.outputDir, "screens", testInfo.project.name, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
}

/** The `@mobile` tag for the 375 px project; the desktop project (1280 px) runs the untagged copy. */
export const PROJECT_TAGS = [" @mobile", ""] as const;
