"use client";

import { ErrorScreen } from "@/components/chrome/error-screen";

// A page that throws shows the brand's error screen inside the root layout (issue 20).
export default function Error({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorScreen error={error} retry={retry} />;
}
