/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";

// Issue 21: the direction of imports (docs/architecture.md), checked over the real import graph.
//  1. components/ never imports server-only lib code (directly or through other lib files);
//  2. lib/rules imports only lib/rules (and npm packages);
//  3. no cycles between lib folders (lib/<folder> -> lib/<folder>);
//  4. lib/validation imports only lib/validation and lib/rules (the forms bundle it);
//  5. lib/api (the audience wrappers) is imported only by app/ (domain code throws lib/errors).
// A simple scanner of `import ... from "..."`, `export ... from "..."` and `import("...")`; "@/x"
// resolves to the repo root. Type-only imports count too (they still tie the folders together).

const ROOT = path.resolve(__dirname, "../..");
const EXTS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

function walk(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) walk(rel, out);
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

const files = ["lib", "components", "app"].flatMap((d) => walk(d));
const known = new Set(files);
const source = new Map(files.map((f) => [f, fs.readFileSync(path.join(ROOT, f), "utf8")]));

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return null; // an npm package
  for (const ext of ["", ...EXTS]) if (known.has(base + ext)) return base + ext;
  return null;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|(?:^|\n)\s*import\s+["']([^"']+)["']/g;
const imports = new Map<string, string[]>();
/** Imports that exist at run time (not `import type` / `export type`, which the compiler erases). */
const valueImports = new Map<string, string[]>();
for (const [f, text] of source) {
  const out: string[] = [];
  const values: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const r = resolve(f, m[1] ?? m[2] ?? m[3]);
    if (!r) continue;
    out.push(r);
    if (!/^\s*(?:import|export)\s+type\s/.test(m[0])) values.push(r);
  }
  imports.set(f, out);
  valueImports.set(f, values);
}

const isServerOnly = (f: string) => /^\s*import\s+["']server-only["']/m.test(source.get(f) ?? "");
/** The server-only file a lib file reaches (itself or through its imports), or null. */
const reachesServerOnly = new Map<string, string | null>();
function serverOnlyVia(f: string, seen = new Set<string>()): string | null {
  if (reachesServerOnly.has(f)) return reachesServerOnly.get(f)!;
  if (seen.has(f)) return null;
  seen.add(f);
  let hit: string | null = isServerOnly(f) ? f : null;
  for (const d of valueImports.get(f) ?? []) if (!hit && d.startsWith("lib/")) hit = serverOnlyVia(d, seen);
  reachesServerOnly.set(f, hit);
  return hit;
}

const folderOf = (f: string) => f.split("/").slice(0, 2).join("/").replace(/\.tsx?$/, "");

// No allow-lists: the known violations of issue 21 are fixed (docs/architecture.md).

describe("architecture (docs/architecture.md)", () => {
  it("components never import server-only lib code", () => {
    const bad: string[] = [];
    for (const f of files.filter((x) => x.startsWith("components/")))
      for (const d of valueImports.get(f)!) if (d.startsWith("lib/")) {
        const via = serverOnlyVia(d);
        if (via) bad.push(`${f} -> ${d}${via === d ? "" : ` (via ${via})`}`);
      }
    expect(bad).toEqual([]);
  });

  it("lib/rules imports only lib/rules", () => {
    const found = new Set<string>();
    for (const f of files.filter((x) => x.startsWith("lib/rules/")))
      for (const d of imports.get(f)!) if (!d.startsWith("lib/rules/")) found.add(`${f} -> ${d}`);
    expect([...found].sort()).toEqual([]);
  });

  it("lib/validation imports only lib/validation and lib/rules", () => {
    const found: string[] = [];
    for (const f of files.filter((x) => x.startsWith("lib/validation/")))
      for (const d of imports.get(f)!) if (!d.startsWith("lib/validation/") && !d.startsWith("lib/rules/")) found.push(`${f} -> ${d}`);
    expect(found.sort()).toEqual([]);
  });

  it("only app/ imports lib/api (the wrappers)", () => {
    const found: string[] = [];
    for (const f of files.filter((x) => !x.startsWith("app/") && !x.startsWith("lib/api/")))
      for (const d of imports.get(f)!) if (d.startsWith("lib/api/")) found.push(`${f} -> ${d}`);
    expect(found.sort()).toEqual([]);
  });

  it("no import cycles between lib folders", () => {
    const edges = new Map<string, Set<string>>();
    for (const f of files.filter((x) => x.startsWith("lib/")))
      for (const d of imports.get(f)!) {
        const a = folderOf(f), b = folderOf(d);
        if (d.startsWith("lib/") && a !== b) (edges.get(a) ?? edges.set(a, new Set()).get(a)!).add(b);
      }
    // Tarjan's strongly connected components over the folder graph.
    let index = 0;
    const idx = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], on = new Set<string>();
    const cycles: string[] = [];
    const visit = (v: string) => {
      idx.set(v, index); low.set(v, index++); stack.push(v); on.add(v);
      for (const w of edges.get(v) ?? []) {
        if (!idx.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
        else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
      }
      if (low.get(v) === idx.get(v)) {
        const scc: string[] = [];
        let w: string;
        do { w = stack.pop()!; on.delete(w); scc.push(w); } while (w !== v);
        if (scc.length > 1) cycles.push(scc.sort().join(" <-> "));
      }
    };
    for (const v of edges.keys()) if (!idx.has(v)) visit(v);
    expect(cycles.sort()).toEqual([]);
  });
});

// Issue 21 item 3: every environment read goes through lib/env.ts (`env`, or `envNow(name)` for reads
// at call time). The files that cannot import it are named here with the reason (each also says why
// beside its read, and docs/architecture.md lists them); the list may only shrink. next.config.mjs
// sits outside the scanned folders: it runs before the app is bundled and is its own exception.
const ENV_EXCEPTIONS: Record<string, string> = {
  "middleware.ts": "NEXT_PUBLIC_* inlined at build, to match the client code the CSP allows",
  "instrumentation.ts": "NEXT_RUNTIME, checked before any Node-only module is imported",
  "instrumentation-client.ts": "client code: NEXT_PUBLIC_SENTRY_DSN is inlined at build",
  "components/customers/customer-legal-text.tsx": "client code: SUPPORT_EMAIL is inlined at build",
  "components/forms/address-autocomplete-input.tsx": "client code: NEXT_PUBLIC_GOOGLE_MAPS_API_KEY is inlined at build",
  "lib/log.ts": "LOG_LEVEL: the start-up check logs before lib/env.ts may load",
  "lib/startup/check-configuration.ts": "checks the raw environment before lib/env.ts may load",
};

describe("configuration (issue 21 item 3)", () => {
  it("no process.env outside lib/env.ts and the named exceptions", () => {
    const walkAll = (dir: string, out: string[] = []): string[] => {
      for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
        const rel = `${dir}/${e.name}`;
        if (e.isDirectory()) walkAll(rel, out);
        else if (/\.(?:tsx?|mjs|js)$/.test(e.name) && !e.name.endsWith(".d.ts")) out.push(rel);
      }
      return out;
    };
    const product = [...["app", "lib", "components", "hooks"].flatMap((d) => walkAll(d)), "middleware.ts", "instrumentation.ts", "instrumentation-client.ts"];
    const readers = product.filter((f) => f !== "lib/env.ts" && /\bprocess\.env\b/.test(fs.readFileSync(path.join(ROOT, f), "utf8")));
    expect(readers.filter((f) => !(f in ENV_EXCEPTIONS)).sort()).toEqual([]);
    expect(Object.keys(ENV_EXCEPTIONS).filter((f) => !readers.includes(f)).sort()).toEqual([]);
  });
});
