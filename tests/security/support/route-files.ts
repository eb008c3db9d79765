import fs from "node:fs";
import path from "node:path";

// The route files under app/api, found synchronously so tests can generate one case per file. No
// app code is imported here: the instance server (run by tsx, outside jest) walks them too.

const API_ROOT = path.resolve(__dirname, "../../../app/api");

/** `route` is the app/api-relative folder, e.g. "customers/[id]/park". */
export type RouteFile = { route: string; file: string };

/** Every route.ts under app/api, sorted by route; next-auth's own catch-all only with `catchAll`. */
export function routeFiles({ catchAll = false } = {}): RouteFile[] {
  const out: RouteFile[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full, prefix ? `${prefix}/${entry.name}` : entry.name);
      else if (entry.name === "route.ts") out.push({ route: prefix, file: full });
    }
  };
  walk(API_ROOT, "");
  return out.filter((r) => catchAll || !r.route.includes("[...")).sort((a, b) => a.route.localeCompare(b.route));
}
