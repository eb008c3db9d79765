"use client";

import { useRouter } from "next/navigation";
import { ReadErrorAlert } from "@/components/ui/read-error-alert";

/** A dashboard read that failed on the server: "try again" renders the page's server parts again
 *  (router.refresh), which reads every figure anew. */
export function DashboardReadError({ title, message }: { title: string; message: string }) {
  const router = useRouter();
  return <ReadErrorAlert title={title} message={message} onRetry={() => router.refresh()} />;
}
