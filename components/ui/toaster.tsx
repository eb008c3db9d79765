"use client";

import { Toaster as Sonner } from "sonner";
import { TOAST_DURATION_MS, TOAST_LIMIT } from "@/hooks/use-toast";

/** Mount once, in the root providers. Shows what `toast()` raises: one at a time, at the bottom
 *  (on a phone a toast at the top covered the open dialog's title), in the app's font. */
function Toaster() {
  return (
    <Sonner
      position="bottom-center"
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      closeButton
      containerAriaLabel="Notifications"
      style={{ fontFamily: "inherit" }}
      toastOptions={{
        classNames: {
          toast: "!border-border !bg-card !text-card-foreground",
          description: "!text-muted-foreground",
          error: "!border-destructive/50 [&_[data-icon]]:!text-destructive",
        },
      }}
    />
  );
}

export { Toaster };
