"use client";

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import type { VoucherDto } from "@/lib/vouchers/voucher-dto";

/** After an edit that emailed the customer: "customer notified", acknowledged with one button. */
export function VoucherNotifiedDialog({ notified, onClose }: { notified: VoucherDto | null; onClose: () => void }) {
  return (
    <AlertDialog open={notified !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>customer notified</AlertDialogTitle>
          <AlertDialogDescription>
            {notified ? `${notified.customer.name} has been emailed the updated details of "${notified.title}".` : ""}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogAction>acknowledge</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
