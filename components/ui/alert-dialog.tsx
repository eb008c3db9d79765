"use client";

import * as React from "react";
import * as DialogPrimitive from "@radix-ui/react-dialog";

import { cn } from "@/lib/utils";
import { Button } from "@/components/ui/button";
import {
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogOverlay,
  DialogPortal,
  DialogTitle,
  dialogContentClassName,
} from "@/components/ui/dialog";

// An alert dialog is a dialog that interrupts to ask for a decision: it has role="alertdialog", no
// close (X) button, ignores clicks outside, and opens with focus on Cancel so that Enter never
// confirms a destructive action by accident. Built on the Dialog primitive we already ship.

function AlertDialog(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="alert-dialog" {...props} />;
}

function AlertDialogTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="alert-dialog-trigger" {...props} />;
}

function AlertDialogContent({
  className,
  onOpenAutoFocus,
  onPointerDownOutside,
  onInteractOutside,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        role="alertdialog"
        data-slot="alert-dialog-content"
        className={cn(dialogContentClassName, className)}
        onOpenAutoFocus={(event) => {
          onOpenAutoFocus?.(event);
          if (event.defaultPrevented || !(event.target instanceof HTMLElement)) return;
          const cancel = event.target.querySelector<HTMLElement>("[data-slot=alert-dialog-cancel]");
          if (cancel) {
            event.preventDefault();
            cancel.focus();
          }
        }}
        onPointerDownOutside={(event) => {
          onPointerDownOutside?.(event);
          event.preventDefault();
        }}
        onInteractOutside={(event) => {
          onInteractOutside?.(event);
          event.preventDefault();
        }}
        {...props}
      />
    </DialogPortal>
  );
}

const AlertDialogHeader = DialogHeader;
const AlertDialogFooter = DialogFooter;
const AlertDialogTitle = DialogTitle;
const AlertDialogDescription = DialogDescription;

/** Confirms and closes. For an async confirm that must stay open while pending, use ConfirmDialog. */
function AlertDialogAction({ variant, ...props }: React.ComponentProps<typeof Button>) {
  return (
    <DialogPrimitive.Close asChild>
      <Button data-slot="alert-dialog-action" variant={variant} {...props} />
    </DialogPrimitive.Close>
  );
}

function AlertDialogCancel({ variant = "outline", ...props }: React.ComponentProps<typeof Button>) {
  return (
    <DialogPrimitive.Close asChild>
      <Button data-slot="alert-dialog-cancel" variant={variant} {...props} />
    </DialogPrimitive.Close>
  );
}

export {
  AlertDialog,
  AlertDialogTrigger,
  AlertDialogContent,
  AlertDialogHeader,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogDescription,
  AlertDialogAction,
  AlertDialogCancel,
};
