// Copies the ZXing reader's WebAssembly (the engine of the `barcode-detector` ponyfill the QR
// scanner uses where the browser has no BarcodeDetector) to public/vendor/, so the app serves it
// from its own origin: the package would otherwise fetch it from a CDN at run time, which the CSP
// forbids and an offline till cannot reach. Runs on every install (package.json "postinstall"), so
// the copy always matches the installed package; tests/components/qr-camera.test.tsx checks it.
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// zxing-wasm as barcode-detector resolves it (its own dependency, wherever npm placed it).
const fromBarcodeDetector = createRequire(createRequire(join(root, "package.json")).resolve("barcode-detector"));
const source = fromBarcodeDetector.resolve("zxing-wasm/reader/zxing_reader.wasm");
const target = join(root, "public", "vendor", "zxing_reader.wasm");
mkdirSync(dirname(target), { recursive: true });
copyFileSync(source, target);
