import type { Metadata, Viewport } from "next";
import { geistMono, geistSans } from "@/app/fonts";
import { Providers } from "@/app/providers";
import "./globals.css";

// Every page is rendered per request so Next can put the request's CSP nonce on its scripts
// (middleware.ts, lib/csp.mjs: issue 19). A prerendered page would carry no nonce and not hydrate.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: "Loyalty Legends", template: "%s · Loyalty Legends" },
  description: "Digital loyalty cards, points and vouchers for UK cafés and shops.",
  // public/: the till can be added to a phone's home screen (scripts/make-icons.ts draws the icons)
  manifest: "/manifest.webmanifest",
  icons: { icon: "/favicon.ico", apple: "/apple-touch-icon.png" },
  appleWebApp: { capable: true, title: "Loyalty Legends", statusBarStyle: "default" },
  robots: { index: false, follow: false },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#0e6b70" };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-GB" className={`${geistSans.variable} ${geistMono.variable}`}>
      <body className="min-h-screen bg-background font-sans text-foreground antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
