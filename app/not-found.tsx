import Link from "next/link";
import { FallbackScreen } from "@/components/chrome/fallback-screen";

// Spec 1 section 2 / spec 3 section 2: the fallback screen, with the spec's texts.
export default function NotFound() {
  return (
    <FallbackScreen title="404 Page Not Found">
      <p className="mt-4 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
      <Link href="/" className="mt-6 inline-block text-sm font-medium text-primary underline underline-offset-4 hover:decoration-2">
        Back to the start
      </Link>
    </FallbackScreen>
  );
}
