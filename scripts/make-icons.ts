// Draws the app's icons into public/ from the wallet mark (lib/wallet/pass-images.ts), so the
// browser tab, the phone home screen and the wallet passes share one mark. Run after changing the
// mark: node --conditions react-server --import tsx scripts/make-icons.ts
import fs from "node:fs";
import path from "node:path";
import { PNG } from "pngjs";
import { PASS_COLOURS, stampMarkPng } from "../lib/wallet/pass-images";
import { encodePng } from "../lib/wallet/png";

const out = path.join(__dirname, "..", "public");

/** The mark on an opaque square (iOS paints transparent home-screen icons black). */
function opaque(size: number): Buffer {
  const png = PNG.sync.read(stampMarkPng(size));
  const px = new Uint8Array(png.data);
  for (let i = 0; i < px.length; i += 4) {
    const a = px[i + 3] / 255;
    for (let ch = 0; ch < 3; ch++) px[i + ch] = Math.round(px[i + ch] * a + PASS_COLOURS.background[ch] * (1 - a));
    px[i + 3] = 255;
  }
  return encodePng(size, size, px);
}

/** A .ico holding PNG images (every browser since IE Vista reads PNG entries). */
function ico(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const e = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, e);
    header.writeUInt8(size >= 256 ? 0 : size, e + 1);
    header.writeUInt16LE(1, e + 4); // colour planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(png.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, "favicon.ico"), ico([16, 32, 48].map((size) => ({ size, png: stampMarkPng(size) }))));
fs.writeFileSync(path.join(out, "apple-touch-icon.png"), opaque(180));
fs.writeFileSync(path.join(out, "icon-192.png"), stampMarkPng(192));
fs.writeFileSync(path.join(out, "icon-512.png"), stampMarkPng(512));
fs.writeFileSync(path.join(out, "icon-maskable-512.png"), opaque(512));
console.log("icons written to public/");
