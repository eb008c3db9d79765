import localFont from "next/font/local";

// Geist, self-hosted with our own options (the geist package's ready-made exports preload both
// faces and swap late): the sans face is preloaded and used only if it arrives in the first
// ~100 ms ("optional"), so a slow phone paints once, in the metric-matched fallback, instead of
// repainting every line when the font lands; the mono face (codes, membership numbers) is not
// preloaded on every page. The sans face is a Latin subset of the package's file (40 kB instead of
// 69 kB, made by scripts/subset-geist.sh), since every page downloads it before its first paint.
export const geistSans = localFont({
  src: "./_fonts/Geist-Variable-latin.woff2",
  variable: "--font-geist-sans",
  weight: "100 900",
  display: "optional",
});

/** The same sans face for the screens people meet cold and see once (404, error pages: issue 20).
 *  "optional" lets a first visit on a slow phone keep the fallback for good, which on these pages
 *  is every visit, so here the text swaps to Geist when it arrives; next/font's size-adjusted Arial
 *  fallback ("Geist Fallback", adjustFontFallback) keeps the swap from moving the lines. Same file,
 *  so the same URL and one download (and the layout's preload covers it). */
export const geistSansSwap = localFont({
  src: "./_fonts/Geist-Variable-latin.woff2",
  weight: "100 900",
  display: "swap",
  adjustFontFallback: "Arial",
});

export const geistMono = localFont({
  src: "../node_modules/geist/dist/fonts/geist-mono/GeistMono-Variable.woff2",
  variable: "--font-geist-mono",
  weight: "100 900",
  display: "optional",
  preload: false,
  adjustFontFallback: false,
  fallback: ["ui-monospace", "SFMono-Regular", "Roboto Mono", "Menlo", "Monaco", "Liberation Mono", "DejaVu Sans Mono", "Courier New", "monospace"],
});
