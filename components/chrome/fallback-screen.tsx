import type { ReactNode } from "react";
import { geistSansSwap } from "@/app/fonts";
import { Card, CardContent } from "@/components/ui/card";
import { cn } from "@/lib/utils";

// The screen shown when a page cannot be: not found (app/not-found.tsx) or failed (app/error.tsx,
// app/global-error.tsx). People often arrive here cold (a mistyped or old link), so the text is set
// in the "swap" Geist (app/fonts.ts): the brand font even when it arrives late.
export function FallbackScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className={cn(geistSansSwap.className, "flex min-h-screen w-full items-center justify-center bg-muted/40 p-4")}>
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex gap-2">
            <AlertCircleIcon />
            <h1 className="text-2xl font-bold">{title}</h1>
          </div>
          {children}
        </CardContent>
      </Card>
    </main>
  );
}

/** lucide's circle-alert drawn inline: lucide-react's icons are client components ("use client"), so
 *  importing one here put lucide's icon code into every page's first load through the root 404
 *  boundary (issue 23). */
function AlertCircleIcon() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="h-8 w-8 shrink-0 text-destructive" aria-hidden="true">
      <circle cx="12" cy="12" r="10" />
      <line x1="12" x2="12" y1="8" y2="12" />
      <line x1="12" x2="12.01" y1="16" y2="16" />
    </svg>
  );
}
