// Lighthouse performance score of a few pages of the production server, in Debian's chromium
// (/usr/bin/chromium) started by chrome-launcher with the headless flags these machines need.
// Lighthouse's default settings: mobile form factor, simulated slow-4G and 4x CPU throttling.
// The session travels as an extra Cookie header on every request (Lighthouse resets storage,
// cookies included, before it loads the page).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BenchRow } from "../lib/results";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/lib/chromium";

export const LIGHTHOUSE_BUDGET = 95; // issue 23 (was 90)
export type LighthousePage = { path: string; cookie: string };
export type LighthouseResult = { path: string; score: number; metrics: Record<string, number>; runs: number[] };

const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"] as const;
const SHORT: Record<(typeof METRICS)[number], string> = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
  "speed-index": "SI",
};

export async function runLighthouse(baseUrl: string, pages: LighthousePage[], runsPerPage = 1, preset: "mobile" | "desktop" = "mobile"): Promise<LighthouseResult[]> {
  const lighthouse = (await import("lighthouse")).default;
  const desktopConfig = preset === "desktop" ? (await import("lighthouse/core/config/desktop-config.js")).default : undefined;
  const { launch } = await import("chrome-launcher");
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: "silent" });
  try {
    const out: LighthouseResult[] = [];
    // The first page load of a fresh Chromium paints late (profile, font and GPU-process start-up),
    // which Lighthouse's simulation then charges to the page: one discarded run warms the browser up.
    if (pages[0]) {
      await fetch(`${baseUrl}${pages[0].path}`, { headers: { cookie: pages[0].cookie } }).then((r) => r.arrayBuffer());
      await lighthouse(`${baseUrl}${pages[0].path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], extraHeaders: { Cookie: pages[0].cookie } }, desktopConfig);
    }
    for (const p of pages) {
      const url = `${baseUrl}${p.path}`;
      // Warm the server's route (module loading on first hit) so the score is about the page.
      await fetch(url, { headers: { cookie: p.cookie } }).then((r) => r.arrayBuffer());
      const runs: { score: number; metrics: Record<string, number> }[] = [];
      for (let i = 0; i < runsPerPage; i++) {
        const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], extraHeaders: { Cookie: p.cookie } }, desktopConfig);
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`lighthouse returned nothing for ${url}`);
        if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== p.path) throw new Error(`lighthouse ${url} ended on ${lhr.finalDisplayedUrl} (session not accepted?)`);
        // BENCH_LIGHTHOUSE_SAVE=<folder> keeps each full report (JSON) for a closer look.
        const saveDir = process.env.BENCH_LIGHTHOUSE_SAVE;
        if (saveDir) {
          mkdirSync(saveDir, { recursive: true });
          const name = `${preset}${p.path.replace(/\//g, "_")}-${i + 1}`;
          writeFileSync(path.join(saveDir, `${name}.json`), JSON.stringify(lhr));
          // The page load's trace (opens in Chrome's performance panel), to see what the long tasks are.
          const trace = (result.artifacts as { Trace?: { traceEvents: unknown[] } } | undefined)?.Trace;
          if (trace) writeFileSync(path.join(saveDir, `${name}.trace.json`), JSON.stringify(trace));
        }
        const metrics: Record<string, number> = {};
        for (const m of METRICS) metrics[SHORT[m]] = lhr.audits[m]?.numericValue ?? NaN;
        runs.push({ score: Math.round((lhr.categories.performance?.score ?? 0) * 100), metrics });
      }
      runs.sort((a, b) => a.score - b.score);
      const mid = runs[Math.floor(runs.length / 2)];
      out.push({ path: p.path, score: mid.score, metrics: mid.metrics, runs: runs.map((r) => r.score) });
    }
    return out;
  } finally {
    await chrome.kill();
  }
}

export function lighthouseRows(results: LighthouseResult[], preset: "mobile" | "desktop"): BenchRow[] {
  const budgeted = preset === "mobile";
  return results.map((r) => ({
    group: "lighthouse",
    name: `${r.path} performance score (${preset})`,
    value: r.score,
    unit: "score",
    budget: budgeted ? `>= ${LIGHTHOUSE_BUDGET}` : undefined,
    met: budgeted ? r.score >= LIGHTHOUSE_BUDGET : null,
    note:
      `${budgeted ? "Lighthouse default (mobile, simulated slow 4G, 4x CPU)" : "informative: desktop preset"}${r.runs.length > 1 ? `, median of ${r.runs.join("/")}` : ""}; ` +
      Object.entries(r.metrics)
        .map(([k, v]) => (k === "CLS" ? `${k} ${v.toFixed(3)}` : `${k} ${Math.round(v)} ms`))
        .join(", "),
  }));
}
