/** @jest-environment node */
import { PNG } from "pngjs";
import { encodePng } from "@/lib/wallet/png";
import { PASS_COLOURS, stampMarkPng } from "@/lib/wallet/pass-images";

describe("encodePng", () => {
  it("writes a PNG that a decoder reads back pixel for pixel", () => {
    const width = 3;
    const height = 2;
    const rgba = Uint8Array.from({ length: width * height * 4 }, (_, i) => (i * 37) % 256);
    const decoded = PNG.sync.read(encodePng(width, height, rgba));
    expect(decoded.width).toBe(width);
    expect(decoded.height).toBe(height);
    expect(Uint8Array.from(decoded.data)).toEqual(rgba);
  });

  it("refuses a pixel buffer of the wrong size", () => {
    expect(() => encodePng(2, 2, new Uint8Array(3))).toThrow(/wrong size/);
  });
});

describe("stampMarkPng", () => {
  it("draws the mark at the asked size: teal square, cream centre, transparent corners", () => {
    for (const size of [29, 58, 87, 50, 660]) {
      const png = PNG.sync.read(stampMarkPng(size));
      expect([png.width, png.height]).toEqual([size, size]);
      const at = (x: number, y: number) => Array.from(png.data.subarray((y * size + x) * 4, (y * size + x) * 4 + 4));
      expect(at(0, 0)[3]).toBe(0); // rounded corner
      expect(at(Math.floor(size / 2), Math.floor(size / 2))).toEqual([...PASS_COLOURS.foreground, 255]);
      expect(at(Math.floor(size / 2), Math.floor(size * 0.06))).toEqual([...PASS_COLOURS.background, 255]);
    }
  });
});
