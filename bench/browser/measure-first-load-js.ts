// First-load JavaScript of each page, in kB gzipped, from a production build. Next 16 no longer
// prints sizes after `next build`; it writes diagnostics/route-bundle-stats.json instead, which
// lists for every route the chunks its first load needs (framework, root layout, route group
// layouts and the page; chunks behind dynamic imports are not in it). We gzip each listed chunk
// at level 9, as Next's old "First Load JS" column did, and add them up.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { BenchRow } from "../lib/results";

export const FIRST_LOAD_BUDGET_KB = 200;

type RouteStats = { route: string; firstLoadUncompressedJsBytes: number; firstLoadChunkPaths: string[] };
export type PageWeight = { route: string; group: string; kbGzip: number; kbRaw: number; chunks: number };

/** Route group of each app route, e.g. "/customers" -> "(business)", from app-path-routes-manifest.json. */
function routeGroups(distDir: string): Map<string, string> {
  const manifest = JSON.parse(readFileSync(path.join(distDir, "app-path-routes-manifest.json"), "utf8")) as Record<string, string>;
  const out = new Map<string, string>();
  for (const [entry, route] of Object.entries(manifest)) {
    if (!entry.endsWith("/page")) continue;
    out.set(route, entry.match(/^\/(\([^)]+\))\//)?.[1] ?? "");
  }
  return out;
}

export function measurePageWeights(distDir: string, projectDir: string): PageWeight[] {
  const statsFile = path.join(distDir, "diagnostics", "route-bundle-stats.json");
  if (!existsSync(statsFile)) throw new Error(`${statsFile} is missing: build with Turbopack (next build) first`);
  const stats = JSON.parse(readFileSync(statsFile, "utf8")) as RouteStats[];
  const groups = routeGroups(distDir);
  const gz = new Map<string, number>();
  const gzipSize = (file: string) => {
    // Paths in the stats file are relative to the project folder and start with the dist dir.
    const abs = path.resolve(projectDir, file);
    if (!gz.has(abs)) gz.set(abs, gzipSync(readFileSync(abs), { level: 9 }).length);
    return gz.get(abs)!;
  };
  return stats
    .filter((s) => groups.has(s.route))
    .map((s) => ({
      route: s.route,
      group: groups.get(s.route)!,
      kbGzip: s.firstLoadChunkPaths.reduce((sum, f) => sum + gzipSize(f), 0) / 1024,
      kbRaw: s.firstLoadUncompressedJsBytes / 1024,
      chunks: s.firstLoadChunkPaths.length,
    }))
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** One row per page of the (business) group (budgeted) and of the (portal) group (informative). */
export function firstLoadJsRows(distDir: string, projectDir: string): BenchRow[] {
  return measurePageWeights(distDir, projectDir)
    .filter((p) => p.group === "(business)" || p.group === "(portal)")
    .map((p) => {
      const budgeted = p.group === "(business)";
      return {
        group: "pages",
        name: `${p.route} first-load JS`,
        value: Math.round(p.kbGzip * 10) / 10,
        unit: "kB",
        budget: budgeted ? `<= ${FIRST_LOAD_BUDGET_KB} kB gzipped` : undefined,
        met: budgeted ? p.kbGzip <= FIRST_LOAD_BUDGET_KB : null,
        note: `${p.group} page, ${p.chunks} chunks, ${Math.round(p.kbRaw)} kB before gzip`,
      } satisfies BenchRow;
    });
}
