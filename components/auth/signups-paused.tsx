"use client";

import { FlaskConical } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/** Spec 3 sections 2 and 8: while sign-ups are disabled the sign-up tab shows a 'we're in beta'
 *  message, and a dialog says 'signups temporarily paused'. */
export function SignupsPaused({ dialogOpen, onDialogOpenChange }: { dialogOpen: boolean; onDialogOpenChange: (open: boolean) => void }) {
  return (
    <>
      <Alert variant="warning">
        <FlaskConical aria-hidden />
        <AlertTitle>we&apos;re in beta</AlertTitle>
        <AlertDescription>
          We are not taking new sign-ups at the moment while we look after our first businesses. Please check back soon. Already have an account?
          Use the sign in tab.
        </AlertDescription>
      </Alert>
      <Dialog open={dialogOpen} onOpenChange={onDialogOpenChange}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>signups temporarily paused</DialogTitle>
            <DialogDescription>We&apos;re in beta and new sign-ups are paused for now. Please check back soon.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" onClick={() => onDialogOpenChange(false)}>
              OK
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
