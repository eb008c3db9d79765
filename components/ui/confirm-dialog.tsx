"use client";

import * as React from "react";

import { Button } from "@/components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";

type ConfirmDialogProps = {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Extra content between the description and the buttons. */
  children?: React.ReactNode;
  confirmLabel?: string;
  /** Shown on the confirm button while `onConfirm` is pending. */
  pendingLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  /**
   * Runs on confirm. The dialog closes when it resolves; if it throws, the dialog stays open and
   * the error is left to the caller to report (usually a destructive toast in the mutation).
   */
  onConfirm: () => unknown;
  /** An element that opens the dialog (uncontrolled use). */
  trigger?: React.ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/** A ready-made alert dialog with Cancel and Confirm, handling the pending state of an async confirm. */
function ConfirmDialog({
  title,
  description,
  children,
  confirmLabel = "Confirm",
  pendingLabel,
  cancelLabel = "Cancel",
  destructive = false,
  onConfirm,
  trigger,
  open: openProp,
  onOpenChange,
}: ConfirmDialogProps) {
  const [openState, setOpenState] = React.useState(false);
  const [pending, setPending] = React.useState(false);
  // Without a Radix trigger (a controlled dialog opened by the screen's own button, or one loaded on
  // first use), Radix has nothing to give focus back to on close: remember what had focus when it
  // opened (read before Radix moves focus in) and return there, as a trigger would.
  const returnFocus = React.useRef<HTMLElement | null>(null);
  const open = openProp ?? openState;

  const setOpen = (next: boolean) => {
    if (pending && !next) return; // do not close under a running request
    if (openProp === undefined) setOpenState(next);
    onOpenChange?.(next);
  };

  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } catch {
      setPending(false);
      return;
    }
    setPending(false);
    if (openProp === undefined) setOpenState(false);
    onOpenChange?.(false);
  };

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent
        onOpenAutoFocus={() => {
          if (!trigger && document.activeElement instanceof HTMLElement) returnFocus.current = document.activeElement;
        }}
        onCloseAutoFocus={(event) => {
          const target = returnFocus.current;
          returnFocus.current = null;
          if (trigger || !target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          {description && <AlertDialogDescription>{description}</AlertDialogDescription>}
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <Button
            data-slot="alert-dialog-action"
            variant={destructive ? "destructive" : "default"}
            disabled={pending}
            aria-busy={pending || undefined}
            onClick={confirm}
          >
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

type ConfirmButtonProps = Omit<ConfirmDialogProps, "trigger" | "open" | "onOpenChange"> & {
  /** What the button that opens the dialog says. */
  label: React.ReactNode;
  /** Its look and state. */
  button?: Omit<React.ComponentProps<typeof Button>, "children">;
};

/** A button that asks first: the shared confirm pattern for one destructive or weighty action. */
function ConfirmButton({ label, button, ...dialog }: ConfirmButtonProps) {
  return (
    <ConfirmDialog
      {...dialog}
      trigger={
        <Button type="button" {...button}>
          {label}
        </Button>
      }
    />
  );
}

export { ConfirmButton, ConfirmDialog, type ConfirmDialogProps };
