"use client";

import dynamic from "next/dynamic";
import { geistMono, geistSans } from "@/app/fonts";
import "./globals.css";

// Like app/error.tsx, the screen's code is fetched only when this boundary shows (issue 23: this
// module is in every page's first load).
const ErrorScreen = dynamic(() => import("@/components/chrome/error-screen").then((m) => m.ErrorScreen));

// An error in the root layout itself: this replaces the layout, so it brings its own document,
// styles and fonts (Next's docs: global-error renders its own <html> and <body>).
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en-GB" className={`${geistSans.variable} ${geistMono.variable}`}>
      <body className="min-h-screen bg-background font-sans text-foreground antialiased">
        <title>Something went wrong · Loyalty Legends</title>
        <ErrorScreen error={error} retry={retry} />
      </body>
    </html>
  );
}
