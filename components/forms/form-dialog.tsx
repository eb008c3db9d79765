"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/forms/submit-button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

// The shell every form dialog shares: a titled dialog that hosts one form, and the form's footer
// (cancel + submit, the submit showing its pending label and aria-busy while the request runs).

type FormDialogProps = {
  open: boolean;
  /** The person dismissed the dialog (Escape, the close button, a click outside). */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** A request is running: dismissing is ignored until it ends. */
  pending?: boolean;
  /** Classes for the dialog panel (say, a wider max-w). */
  className?: string;
  children: ReactNode;
};

export function FormDialog({ open, onClose, pending = false, title, description, className, children }: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description !== undefined && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

type FormFooterProps = {
  onCancel: () => void;
  /** The request is running: both buttons are disabled and the submit shows `pendingLabel`. */
  pending: boolean;
  submitLabel: ReactNode;
  pendingLabel: ReactNode;
  cancelLabel?: ReactNode;
  destructive?: boolean;
  /** Disable the submit for another reason than a running request. */
  submitDisabled?: boolean;
};

export function FormFooter({ onCancel, pending, submitLabel, pendingLabel, cancelLabel = "cancel", destructive = false, submitDisabled = false }: FormFooterProps) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <SubmitButton variant={destructive ? "destructive" : undefined} pending={pending} disabled={submitDisabled} pendingLabel={pendingLabel}>
        {submitLabel}
      </SubmitButton>
    </DialogFooter>
  );
}
