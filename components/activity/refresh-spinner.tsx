"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";

/** Spec 3 section 9: a refresh shows a spinner dialog for about 0.8 s while the list refetches. */
export const REFRESH_SPINNER_MS = 800;

export function useRefreshSpinner(refetch: () => unknown) {
  const [spinning, setSpinning] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const refresh = useCallback(() => {
    setSpinning(true);
    void refetch();
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setSpinning(false), REFRESH_SPINNER_MS);
  }, [refetch]);
  return { spinning, refresh };
}

export function RefreshSpinnerDialog({ open }: { open: boolean }) {
  return (
    <Dialog open={open}>
      <DialogContent showCloseButton={false} className="max-w-xs justify-items-center" onEscapeKeyDown={(e) => e.preventDefault()} onPointerDownOutside={(e) => e.preventDefault()}>
        <DialogTitle className="sr-only">refreshing</DialogTitle>
        <DialogDescription className="sr-only">fetching the latest entries</DialogDescription>
        <Spinner label="refreshing..." showLabel iconClassName="size-6" />
      </DialogContent>
    </Dialog>
  );
}
