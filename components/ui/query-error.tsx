"use client";

import type { ReactNode } from "react";
import { ReadErrorAlert } from "@/components/ui/read-error-alert";
import { errorMessage } from "@/lib/client/api";

/** A failed read: what failed, the server's message, and a button to try again. */
export function QueryError({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  return <ReadErrorAlert title={title} message={errorMessage(error, "Something went wrong")} onRetry={onRetry} />;
}

type QueryStateProps<T> = {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };
  /** Shown while the first answer is on its way (a skeleton or spinner). */
  loading: ReactNode;
  /** The QueryError's title when the read fails. */
  errorTitle: string;
  children: (data: T) => ReactNode;
};

/** One read's three states: loading, a QueryError with "try again", or the screen for its data. */
export function QueryState<T>({ query, loading, errorTitle, children }: QueryStateProps<T>) {
  if (query.isPending) return loading;
  if (query.isError) return <QueryError title={errorTitle} error={query.error} onRetry={() => query.refetch()} />;
  return children(query.data as T);
}
