import Link from "next/link";
import { AlertCircle } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";

// Spec 1 section 2 / spec 3 section 2: the fallback screen, with the spec's texts.
export default function NotFound() {
  return (
    <main className="flex min-h-screen w-full items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex gap-2">
            <AlertCircle className="h-8 w-8 shrink-0 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
          <Link href="/" className="mt-6 inline-block text-sm font-medium text-primary underline underline-offset-4 hover:decoration-2">
            Back to the start
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
