import Module from "node:module";
import path from "node:path";

/** `server-only` throws outside a React server bundle. Scripts that import our server modules
 *  directly (benches, the security suite's instance server) are the server, so point the package at
 *  its empty build for both CommonJS (require) and ESM (import) resolution. */
export function allowServerOnlyImports(root = path.resolve(__dirname, "..", "..")): void {
  const empty = path.join(root, "node_modules", "server-only", "empty.js");
  const mod = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const original = mod._resolveFilename;
  mod._resolveFilename = function (request: string, ...rest: unknown[]) {
    return request === "server-only" ? empty : original.call(this, request, ...rest);
  };
  const hook = `export async function resolve(s, c, next) { return s === "server-only" ? { url: ${JSON.stringify(`file://${empty}`)}, shortCircuit: true } : next(s, c); }`;
  Module.register?.(`data:text/javascript,${encodeURIComponent(hook)}`);
}
