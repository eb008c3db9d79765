"use client";

import { Toaster as Sonner, toast } from "sonner";
import { provideSonner, TOAST_DURATION_MS, TOAST_LIMIT } from "@/hooks/use-toast";

// This module is the one static import of sonner (hooks/use-toast.ts reaches it through here).
provideSonner(toast);

/** Mount once, in the root providers (loaded after hydration: app/providers.tsx). Shows what `toast()` raises: one at a time, at the bottom
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
