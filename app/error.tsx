"use client";

import dynamic from "next/dynamic";

// A page that throws shows the brand's error screen inside the root layout (issue 20). Every page's
// first load carries this boundary, so the screen's code (button, link, card, icon: 7 kB gzipped)
// is fetched only when a page has actually failed (issue 23).
const ErrorScreen = dynamic(() => import("@/components/chrome/error-screen").then((m) => m.ErrorScreen));

export default function Error({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorScreen error={error} retry={retry} />;
}
