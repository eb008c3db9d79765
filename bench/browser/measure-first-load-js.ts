// First-load JavaScript of every page, in kB gzipped, from a production build (issue 23). Next 16
// no longer prints sizes after `next build`; it writes diagnostics/route-bundle-stats.json instead,
// which lists for every route the chunks its first load needs (framework, root layout, route group
// layouts and the page; chunks behind dynamic imports are not in it). We gzip each listed chunk at
// level 9, as Next's old "First Load JS" column did, and add them up.
// Budgets (issue 23): a page of the business owner, the super-admin or staff <= 150 kB; a page a
// customer or a visitor sees (portal, sign-in screens, public pages) <= 120 kB. Every documented
// page (../shared/spec/pages.json when present) must be one of the measured routes.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { BenchRow } from "../lib/results";

export const SIGNED_IN_BUDGET_KB = 150;
export const PUBLIC_BUDGET_KB = 120;
/** Route groups of signed-in staff of a business or of the platform; every other page is public. */
const SIGNED_IN_GROUPS = new Set(["(business)", "(admin)", "(staff)"]);

type RouteStats = { route: string; firstLoadUncompressedJsBytes: number; firstLoadChunkPaths: string[] };
export type PageWeight = { route: string; group: string; kbGzip: number; kbRaw: number; chunks: number; sharedKbGzip: number };

export const budgetKbOf = (group: string) => (SIGNED_IN_GROUPS.has(group) ? SIGNED_IN_BUDGET_KB : PUBLIC_BUDGET_KB);

/** Route group of each app route, e.g. "/customers" -> "(business)", from app-path-routes-manifest.json. */
export function routeGroups(distDir: string): Map<string, string> {
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
  // What every page loads: React, Next's router and the root layout (its providers and error boundaries).
  const pages = stats.filter((s) => groups.has(s.route));
  const everywhere = pages.reduce<string[]>((common, s, i) => (i === 0 ? s.firstLoadChunkPaths : common.filter((c) => s.firstLoadChunkPaths.includes(c))), []);
  const sharedKbGzip = everywhere.reduce((sum, f) => sum + gzipSize(f), 0) / 1024;
  return pages
    .map((s) => ({
      route: s.route,
      group: groups.get(s.route)!,
      kbGzip: s.firstLoadChunkPaths.reduce((sum, f) => sum + gzipSize(f), 0) / 1024,
      kbRaw: s.firstLoadUncompressedJsBytes / 1024,
      chunks: s.firstLoadChunkPaths.length,
      sharedKbGzip,
    }))
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** The documented pages' paths in the build's route syntax ("/confirm-membership/{token}" -> "/confirm-membership/[token]"). */
export function documentedRoutes(projectDir: string): string[] | undefined {
  const file = path.resolve(projectDir, "..", "shared", "spec", "pages.json");
  if (!existsSync(file)) return undefined;
  const pages = JSON.parse(readFileSync(file, "utf8")) as { path: string }[];
  return pages.map((p) => p.path.replace(/\{([^}]+)\}/g, "[$1]"));
}

/** One budgeted row per page of the app, then one row counting the documented pages within budget. */
export function firstLoadJsRows(distDir: string, projectDir: string, documented = documentedRoutes(projectDir)): BenchRow[] {
  const weights = measurePageWeights(distDir, projectDir);
  const rows: BenchRow[] = weights.map((p) => {
    const budget = budgetKbOf(p.group);
    return {
      group: "pages",
      name: `${p.route} first-load JS`,
      value: Math.round(p.kbGzip * 10) / 10,
      unit: "kB",
      budget: `<= ${budget} kB gzipped`,
      met: p.kbGzip <= budget,
      note: `${p.group || "public"} page${documented?.includes(p.route) ? " (documented)" : ""}, ${p.chunks} chunks, ${Math.round(p.kbRaw)} kB before gzip`,
    } satisfies BenchRow;
  });
  if (documented) {
    const byRoute = new Map(weights.map((w) => [w.route, w]));
    const within = documented.filter((r) => {
      const w = byRoute.get(r);
      return w !== undefined && w.kbGzip <= budgetKbOf(w.group);
    });
    const missing = documented.filter((r) => !byRoute.has(r));
    rows.push({
      group: "pages",
      name: "documented pages within their first-load JS budget",
      value: Math.round((within.length / documented.length) * 1000) / 1000,
      unit: "ratio",
      budget: "1 (every page of spec/pages.json)",
      met: within.length === documented.length,
      note:
        `${within.length} of ${documented.length}${missing.length ? `; not built: ${missing.join(", ")}` : ""}; ` +
        `${Math.round((weights[0]?.sharedKbGzip ?? 0) * 10) / 10} kB loaded by every page (React, Next's router, the root layout)`,
    });
  }
  return rows;
}
