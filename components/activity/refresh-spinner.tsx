"use client";

import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";

// Spec 3 section 9's spinner dialog. A module of its own (Radix Dialog) that the activity hub fetches
// after the page (issue 23); the timing is in use-refresh-spinner.ts.

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
