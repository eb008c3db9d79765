import type { ReactNode } from "react";
import { InlineIcon } from "@/components/ui/inline-icon";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** A failed read as the user sees it: what failed, the server's message, and "try again" (the
 *  markup of QueryError, which turns a request's error into the message; a page that read on the
 *  server passes the message it got). */
export function ReadErrorAlert({ title, message, onRetry, retry }: { title: string; message: string; onRetry?: () => void; /** The "try again" button drawn by the caller instead. */ retry?: ReactNode }) {
  return (
    <Alert variant="destructive">
      <InlineIcon name="circle-exclamation-point" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{message}</p>
        {retry}
        {onRetry && (
          <Button type="button" variant="outline" size="sm" onClick={() => onRetry()} className="mt-1">
            <InlineIcon name="rotate-cw" /> try again
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}
