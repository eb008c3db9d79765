"use client";

import { AlertCircle, RotateCw } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/client/api";

/** A failed read: what failed, the server's message, and a button to try again. */
export function QueryError({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{errorMessage(error, "Something went wrong")}</p>
        {onRetry && (
          <Button type="button" variant="outline" size="sm" onClick={() => onRetry()} className="mt-1">
            <RotateCw aria-hidden /> try again
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}
