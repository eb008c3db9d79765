"use client";

import { geistMono, geistSans } from "@/app/fonts";
import { ErrorScreen } from "@/components/chrome/error-screen";
import "./globals.css";

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
