import "server-only";
import { encodePng } from "@/lib/wallet/png";

// The product's wallet mark, drawn in code: a teal rounded square holding a cream ring and dot (a
// loyalty stamp). Used for the Apple pass icon and logo and for the Google program logo.

export const PASS_COLOURS = {
  background: [14, 107, 112] as const, // the app's teal primary
  foreground: [253, 248, 238] as const, // cream
};

const cache = new Map<number, Buffer>();

/** The square mark at `size` pixels, anti-aliased, transparent outside the rounded square. */
export function stampMarkPng(size: number): Buffer {
  const hit = cache.get(size);
  if (hit) return hit;
  const px = new Uint8Array(size * size * 4);
  const c = size / 2;
  const corner = size * 0.22;
  const ringOuter = size * 0.34;
  const ringInner = size * 0.25;
  const dot = size * 0.13;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const fx = x + 0.5;
      const fy = y + 0.5;
      // signed distance to the rounded square (negative inside)
      const qx = Math.abs(fx - c) - (c - corner);
      const qy = Math.abs(fy - c) - (c - corner);
      const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - corner;
      const squareAlpha = clamp01(0.5 - outside);
      const r = Math.hypot(fx - c, fy - c);
      const ring = Math.min(clamp01(ringOuter - r + 0.5), clamp01(r - ringInner + 0.5));
      const centre = clamp01(dot - r + 0.5);
      const fg = Math.max(ring, centre);
      const i = (y * size + x) * 4;
      for (let ch = 0; ch < 3; ch++) px[i + ch] = Math.round(PASS_COLOURS.background[ch] * (1 - fg) + PASS_COLOURS.foreground[ch] * fg);
      px[i + 3] = Math.round(255 * squareAlpha);
    }
  }
  const png = encodePng(size, size, px);
  cache.set(size, png);
  return png;
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}
