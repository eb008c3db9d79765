import { FallbackScreen } from "@/components/chrome/fallback-screen";

// Spec 1 section 2 / spec 3 section 2: the fallback screen, with the spec's texts.
// A plain link, not next/link: this boundary is part of every page's tree, so next/link's client
// code (3.2 kB gzipped) was in every page's first load, including those with no link of their own
// (issue 23). The start page now opens as a new document instead of a client-side navigation.
export default function NotFound() {
  return (
    <FallbackScreen title="404 Page Not Found">
      <p className="mt-4 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see above */}
      <a href="/" className="mt-6 inline-block text-sm font-medium text-primary underline underline-offset-4 hover:decoration-2">
        Back to the start
      </a>
    </FallbackScreen>
  );
}
