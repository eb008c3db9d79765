"use client";

import { useState } from "react";
import { Moon, XCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import type { PortalAccount } from "@/lib/portal/types";
import { cn } from "@/lib/utils";

// Spec 3 sections 2 and 4: snooze and permanent close, each behind a confirmation. Both end the
// portal session (the server clears it) and return to email entry.

const SNOOZE_TEXT =
  "Marketing and other communications pause until your next purchase. Your account reactivates automatically with any transaction. If there is no activity for 5 months, the account is scheduled for deletion.";
const CLOSE_TEXT =
  "Closing is permanent and cannot be reactivated. Your points are forfeited and your data is deleted in 28 days. Some data is kept longer for audit and legal reasons.";

const ACTIONS = {
  snooze: { text: SNOOZE_TEXT, title: "snooze your account?", confirmLabel: "Snooze Account", pendingLabel: "Snoozing...", icon: Moon, label: "Snooze Account", destructive: false },
  close: { text: CLOSE_TEXT, title: "close your account permanently?", confirmLabel: "Close Account Permanently", pendingLabel: "Closing...", icon: XCircle, label: "Close Account", destructive: true },
} as const;

/** One action: what it does, and its button behind a confirmation. */
function AccountAction({ action, onConfirm, className }: { action: keyof typeof ACTIONS; onConfirm: () => Promise<void>; className?: string }) {
  const { text, icon: Icon, label, destructive, ...confirm } = ACTIONS[action];
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  return (
    <div className={cn("grid gap-2", className)}>
      <p className="text-muted-foreground">{text}</p>
      <Button type="button" variant={destructive ? "destructive" : "outline"} className="w-full sm:w-fit" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <Icon className="h-4 w-4" aria-hidden /> {label}
      </Button>
      {mounted && <LazyConfirmDialog {...confirm} open={open} onOpenChange={setOpen} description={text} destructive={destructive} onConfirm={onConfirm} />}
    </div>
  );
}

export function AccountManagementCard({ email, account, onEnded }: { email: string; account: PortalAccount; onEnded: () => void }) {
  const act = (action: "snooze" | "close") => async () => {
    try {
      await apiJson("PATCH", `/api/customer-portal/${action}`, { email, customerId: account.id });
    } catch (error) {
      const title = action === "snooze" ? "Error snoozing account" : "Error closing account";
      toast({ variant: "destructive", title, description: serverMessage(error, `Failed to ${action} account`) });
      throw error;
    }
    toast({ title: action === "snooze" ? "Account snoozed" : "Account closed" });
    onEnded();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>account management</CardTitle>
        <CardDescription>Your account at {account.businessName}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {account.accountStatus === "active" ? (
          <AccountAction action="snooze" onConfirm={act("snooze")} />
        ) : (
          <p className="text-muted-foreground">This account is snoozed: it wakes up with your next purchase.</p>
        )}
        <AccountAction action="close" onConfirm={act("close")} className="border-t pt-4" />
      </CardContent>
    </Card>
  );
}
