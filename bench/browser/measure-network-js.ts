// What Chromium actually downloads (issue 23): each page opened cold (a new browser context, no
// cache) with the session of its audience, every script response counted at its bytes on the wire
// (next start compresses them: gzip at zlib's default level). "Before load" = the scripts requested
// until the load event (what the HTML names and what hydration asks for at once); "after" = the
// chunks fetched later (next/dynamic with ssr: false, lazy dialogs, idle imports) until the network
// has been quiet for a moment. The build's manifest (measure-first-load-js.ts) is the budgeted
// figure; this is its cross-check: the two should agree within gzip levels, and a page whose
// before-load bytes exceed the manifest's is one where the manifest misses a chunk.
import type { Browser } from "playwright";
import type { BenchRow } from "../lib/results";

export type NetworkPage = { path: string; cookie?: string };
export type NetworkWeight = { path: string; finalPath: string; beforeLoadKb: number; afterLoadKb: number; scripts: number; lateScripts: number; htmlKb: number };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export async function measureNetworkJs(browser: Browser, baseUrl: string, pages: NetworkPage[]): Promise<NetworkWeight[]> {
  const out: NetworkWeight[] = [];
  for (const p of pages) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: p.cookie ? { cookie: p.cookie } : {} });
    const page = await context.newPage();
    let loaded = false;
    const sizes: Promise<{ late: boolean; bytes: number; script: boolean; doc: boolean }>[] = [];
    page.on("request", (req) => {
      const type = req.resourceType();
      if (type !== "script" && type !== "document") return;
      const late = loaded;
      sizes.push(
        req
          .response()
          .then(async (res) => {
            if (!res) return { late, bytes: 0, script: false, doc: false };
            await res.finished();
            return { late, bytes: (await req.sizes()).responseBodySize, script: type === "script", doc: type === "document" };
          })
          .catch(() => ({ late, bytes: 0, script: false, doc: false })),
      );
    });
    page.on("load", () => (loaded = true));
    await page.goto(`${baseUrl}${p.path}`, { waitUntil: "load" });
    await page.waitForLoadState("networkidle").catch(() => {});
    await page.waitForTimeout(500);
    const all = await Promise.all(sizes);
    const scripts = all.filter((s) => s.script);
    out.push({
      path: p.path,
      finalPath: new URL(page.url()).pathname,
      beforeLoadKb: kb(scripts.filter((s) => !s.late).reduce((a, s) => a + s.bytes, 0)),
      afterLoadKb: kb(scripts.filter((s) => s.late).reduce((a, s) => a + s.bytes, 0)),
      scripts: scripts.filter((s) => !s.late).length,
      lateScripts: scripts.filter((s) => s.late).length,
      htmlKb: kb(all.filter((s) => s.doc && !s.late).reduce((a, s) => a + s.bytes, 0)),
    });
    await context.close();
  }
  return out;
}

/** Informative rows (no budget: the budget is on the manifest's figure) next to the manifest's value. */
export function networkJsRows(weights: NetworkWeight[], manifestKb: Map<string, number>): BenchRow[] {
  return weights.map((w) => ({
    group: "pages",
    name: `${w.path} JS on the wire`,
    value: w.beforeLoadKb,
    unit: "kB",
    met: null,
    note:
      `Chromium, cold: ${w.scripts} scripts before load${w.lateScripts ? `, then ${w.afterLoadKb} kB in ${w.lateScripts} later` : ""}; HTML ${w.htmlKb} kB` +
      (manifestKb.has(w.path) ? `; manifest ${manifestKb.get(w.path)} kB (gzip -9)` : "") +
      (w.finalPath !== w.path ? `; ended on ${w.finalPath}` : ""),
  }));
}
