import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import QRCode from "qrcode";
import { contentSecurityPolicy } from "../../lib/csp.mjs";

// Issue 20: the QR scanner's ponyfill (barcode-detector on ZXing-C++ WebAssembly) in a real browser
// under the app's production Content-Security-Policy, with the .wasm from our own origin (the copy
// scripts/copy-zxing-wasm.mjs puts in public/vendor). A small server of its own serves the page,
// so this needs no build: Chromium on Linux has no native BarcodeDetector, so the ponyfill decodes.
// The same page under the policy without 'wasm-unsafe-eval' must fail: that is why it is there.

const ROOT = path.resolve(__dirname, "../..");
const NONCE = "e2e-nonce";

type Outcome = { result: { ok: boolean; text?: string; error?: string; native?: boolean } | undefined; violations: string[]; requests: string[] };

async function scanUnder(page: import("@playwright/test").Page, csp: string): Promise<Outcome> {
  const ponyfill = fs.readFileSync(path.join(ROOT, "node_modules/barcode-detector/dist/iife/ponyfill.js"));
  const wasm = fs.readFileSync(path.join(ROOT, "public/vendor/zxing_reader.wasm"));
  const qr = await QRCode.toBuffer("1234567890", { type: "png", errorCorrectionLevel: "M", margin: 4, width: 320 }); // as lib/cards/render-membership-qr.ts
  const requests: string[] = [];
  const files: Record<string, [string, Buffer | string]> = {
    "/": [
      "text/html",
      `<!doctype html><html><body><img id="qr" alt="card" src="/qr.png"><script src="/ponyfill.js" nonce="${NONCE}"></script>
<script nonce="${NONCE}">
window.violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.violations.push(e.violatedDirective));
(async () => {
  try {
    const { BarcodeDetector, prepareZXingModule } = window.BarcodeDetectionAPI;
    await prepareZXingModule({ overrides: { locateFile: (p, prefix) => (p.endsWith(".wasm") ? "/vendor/zxing_reader.wasm" : prefix + p) }, fireImmediately: true });
    const img = document.getElementById("qr");
    await img.decode();
    const [first] = await new BarcodeDetector({ formats: ["qr_code"] }).detect(img);
    window.result = { ok: true, text: first && first.rawValue, native: "BarcodeDetector" in window };
  } catch (e) {
    window.result = { ok: false, error: String(e) };
  }
})();
</script></body></html>`,
    ],
    "/ponyfill.js": ["text/javascript", ponyfill],
    "/vendor/zxing_reader.wasm": ["application/wasm", wasm],
    "/qr.png": ["image/png", qr],
  };
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    res.setHeader("Content-Security-Policy", csp);
    const file = files[req.url ?? ""];
    if (!file) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader("Content-Type", file[0]);
    res.end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => (window as unknown as { result?: unknown }).result !== undefined, null, { timeout: 20_000 });
    const seen = await page.evaluate(() => {
      const w = window as unknown as { result: Outcome["result"]; violations: string[] };
      return { result: w.result, violations: w.violations };
    });
    return { ...seen, requests };
  } finally {
    server.close();
  }
}

test("the scanner's WebAssembly decodes a card's QR under the production CSP, from our own origin only", async ({ page }) => {
  const out = await scanUnder(page, contentSecurityPolicy({ nonce: NONCE, production: true, maps: false }));
  expect(out.result).toEqual({ ok: true, text: "1234567890", native: false });
  expect(out.violations).toEqual([]);
  expect(out.requests).toContain("/vendor/zxing_reader.wasm");
});

test("without 'wasm-unsafe-eval' the browser refuses to compile it (why the CSP names it)", async ({ page }) => {
  const csp = contentSecurityPolicy({ nonce: NONCE, production: true, maps: false });
  expect(csp).toContain(" 'wasm-unsafe-eval'");
  const out = await scanUnder(page, csp.replace(" 'wasm-unsafe-eval'", ""));
  expect(out.result?.ok).toBe(false);
  expect(out.violations).toContain("script-src");
});
