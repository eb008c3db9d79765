import { contentSecurityPolicy } from "@/lib/csp.mjs";
import { directives } from "@/tests/security/support/web-headers";

// Issue 20: the QR scanner's ZXing reader is WebAssembly served from our own origin. Compiling it
// needs 'wasm-unsafe-eval' (WebAssembly only, no JavaScript eval) in every mode, and its fetch
// needs nothing beyond connect-src 'self'.
describe("Content-Security-Policy for the QR scanner's WebAssembly", () => {
  it.each([
    ["production page", { nonce: "abc", production: true, maps: false }],
    ["production file", { production: true, maps: false }],
    ["development page", { nonce: "abc", production: false, maps: false }],
    ["production with maps", { nonce: "abc", production: true, maps: true }],
  ])("%s: script-src allows WebAssembly, connect-src allows our origin", (_name, opts) => {
    const csp = directives(contentSecurityPolicy(opts));
    expect(csp.get("script-src")).toContain("'wasm-unsafe-eval'");
    expect(csp.get("connect-src")).toContain("'self'");
  });

  it("production without maps still allows no JavaScript eval", () => {
    const scripts = directives(contentSecurityPolicy({ nonce: "abc", production: true, maps: false })).get("script-src");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).toEqual(["'self'", "'nonce-abc'", "'strict-dynamic'", "'wasm-unsafe-eval'"]);
  });
});
