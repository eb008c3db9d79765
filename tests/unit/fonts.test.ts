/** @jest-environment node */
import { execFileSync } from "node:child_process";
import path from "node:path";

// Issue 20: the 404 and error pages fell back to a system font. The app's sans face is
// `display: "optional"` on purpose (no late repaint of every page), which on a cold first visit, the
// usual way onto a 404, can keep the fallback for good. Those screens use a second declaration of
// the same file with `display: "swap"` and next/font's size-adjusted fallback. The options
// app/fonts.ts hands to next/font are captured here and run through Next's own local-font loader,
// so the check is on the @font-face CSS Next would ship, not on our reading of its docs.

type LocalFontOptions = { src: string; display?: string; adjustFontFallback?: string | false; preload?: boolean; variable?: string; weight?: string };
const calls: LocalFontOptions[] = [];
jest.mock("next/font/local", () => ({
  __esModule: true,
  default: (options: LocalFontOptions) => {
    calls.push(options);
    return { className: `class-${calls.length}`, variable: options.variable ?? "", style: { fontFamily: "" } };
  },
}));

const APP = path.resolve(__dirname, "../../app");

// Next's own loader, run in a plain Node process: under jest, next/jest maps every "@next/font/..."
// module to a stub. It reads the font file, writes the @font-face CSS and measures the fallback.
const RUN_LOADER = `
const fs = require("node:fs"), path = require("node:path");
const loader = require("next/dist/compiled/@next/font/dist/local/loader").default;
const { name, options, app } = JSON.parse(fs.readFileSync(0, "utf8"));
const emitted = [];
loader({
  functionName: "", // the default export (next/font/local has no named ones)
  variableName: name,
  data: [options],
  emitFontFile: (_buffer, ext) => (emitted.push(ext), "/_next/static/media/font." + ext),
  resolve: async (src) => path.resolve(app, src),
  loaderContext: { fs },
}).then((result) => process.stdout.write(JSON.stringify({ ...result, emitted })));
`;

type FontFace = { css: string; emitted: string[]; adjustFontFallback?: { sizeAdjust: string; ascentOverride: string; fallbackFont: string } };

function fontFaceOf(name: string, options: LocalFontOptions): FontFace {
  const out = execFileSync(process.execPath, ["-e", RUN_LOADER], { cwd: path.resolve(APP, ".."), input: JSON.stringify({ name, options, app: APP }), encoding: "utf8" });
  return JSON.parse(out) as FontFace;
}

describe("fonts (issue 20)", () => {
  let fonts: typeof import("@/app/fonts");
  beforeAll(async () => {
    fonts = await import("@/app/fonts");
  });

  const optionsOf = (font: { className: string }) => calls[Number(font.className.replace("class-", "")) - 1];

  it("pages keep the optional sans face; the 404 and error screens get the same file with swap", () => {
    const pages = optionsOf(fonts.geistSans);
    const fallbackScreens = optionsOf(fonts.geistSansSwap);
    expect(pages.display).toBe("optional");
    expect(fallbackScreens.display).toBe("swap");
    expect(fallbackScreens.src).toBe(pages.src); // one file, one download
    expect(fallbackScreens.weight).toBe(pages.weight);
    expect(fallbackScreens.adjustFontFallback).not.toBe(false);
  });

  it("Next's loader turns the swap face into font-display: swap with a metric-matched Arial fallback", () => {
    const face = fontFaceOf("geistSansSwap", optionsOf(fonts.geistSansSwap));
    expect(face.css).toContain("font-display: swap;");
    expect(face.css).toContain("font-weight: 100 900;");
    expect(face.emitted).toEqual(["woff2"]);
    expect(face.adjustFontFallback).toEqual(expect.objectContaining({ fallbackFont: "Arial" }));
    expect(face.adjustFontFallback!.sizeAdjust).toMatch(/^\d+(\.\d+)?%$/);
    expect(face.adjustFontFallback!.ascentOverride).toMatch(/^\d+(\.\d+)?%$/);

    const pages = fontFaceOf("geistSans", optionsOf(fonts.geistSans));
    expect(pages.css).toContain("font-display: optional;");
    // The same metrics: the fallback looks the same size before and after the swap on either face.
    expect(pages.adjustFontFallback).toEqual(face.adjustFontFallback);
  });
});
