"use client";

import { useEffect } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { errorStatus } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { formatDateTime } from "@/lib/rules/format";

// Spec 2.7 / 4.2: in testing mode (email simulated) the popup shows the email that would have been
// sent, polling GET /api/test/last-simulated-email every 1000 ms while it is open. That endpoint
// answers 404 when email is really sent: then the popup never appears. The email body is shown in a
// sandboxed iframe (no scripts, no same-origin access), never injected into the page.

export const EMAIL_POLL_MS = 1000;

export type SimulatedEmail = { recipientEmail: string; subject: string | null; timestamp: string; html: string | null };

type Props = {
  /** The caller asks for the popup (after a voucher went out with emails sent). */
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export function EmailSimulationPopup({ open, onOpenChange }: Props) {
  const queryClient = useQueryClient();
  const email = useQuery<SimulatedEmail>({
    queryKey: queryKeys.lastSimulatedEmail,
    enabled: open,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => (open && errorStatus(query.state.error) !== 404 ? EMAIL_POLL_MS : false),
  });
  const notSimulated = errorStatus(email.error) === 404;

  useEffect(() => {
    if (open && notSimulated) onOpenChange(false);
  }, [open, notSimulated, onOpenChange]);
  // Forget the email once closed, so the next opening never flashes an older one.
  useEffect(() => {
    if (!open) queryClient.removeQueries({ queryKey: queryKeys.lastSimulatedEmail, exact: true });
  }, [open, queryClient]);

  const data = email.data;
  const visible = open && !notSimulated && !!data;

  return (
    <Dialog open={visible} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl" showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>email simulation</DialogTitle>
          <DialogDescription>testing mode: this is the email that would have been sent. no real email left the building.</DialogDescription>
        </DialogHeader>
        {data && (
          <div className="grid gap-3 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="text-muted-foreground">to</dt>
              <dd className="min-w-0 break-all" data-testid="simulated-email-to">
                {data.recipientEmail}
              </dd>
              <dt className="text-muted-foreground">subject</dt>
              <dd className="min-w-0 break-words" data-testid="simulated-email-subject">
                {data.subject ?? "(no subject)"}
              </dd>
              <dt className="text-muted-foreground">sent</dt>
              <dd data-testid="simulated-email-time">{formatDateTime(data.timestamp)}</dd>
            </dl>
            <iframe
              title="email preview"
              sandbox=""
              srcDoc={data.html ?? ""}
              referrerPolicy="no-referrer"
              className="h-[50dvh] min-h-64 w-full rounded-md border bg-white"
            />
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button type="button" onClick={() => onOpenChange(false)}>
            Acknowledge
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
