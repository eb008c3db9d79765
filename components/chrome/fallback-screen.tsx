import type { ReactNode } from "react";
import { AlertCircle } from "lucide-react";
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
            <AlertCircle className="h-8 w-8 shrink-0 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold">{title}</h1>
          </div>
          {children}
        </CardContent>
      </Card>
    </main>
  );
}
