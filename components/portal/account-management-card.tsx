"use client";

import { Moon, XCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import type { PortalAccount } from "@/lib/portal/types";

// Spec 3 sections 2 and 4: snooze and permanent close, each behind a confirmation. Both end the
// portal session (the server clears it) and return to email entry.

const SNOOZE_TEXT =
  "Marketing and other communications pause until your next purchase. Your account reactivates automatically with any transaction. If there is no activity for 5 months, the account is scheduled for deletion.";
const CLOSE_TEXT =
  "Closing is permanent and cannot be reactivated. Your points are forfeited and your data is deleted in 28 days. Some data is kept longer for audit and legal reasons.";

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
          <div className="grid gap-2">
            <p className="text-muted-foreground">{SNOOZE_TEXT}</p>
            <ConfirmDialog
              title="snooze your account?"
              description={SNOOZE_TEXT}
              confirmLabel="Snooze Account"
              pendingLabel="Snoozing..."
              onConfirm={act("snooze")}
              trigger={
                <Button variant="outline" className="w-full sm:w-fit">
                  <Moon className="h-4 w-4" aria-hidden /> Snooze Account
                </Button>
              }
            />
          </div>
        ) : (
          <p className="text-muted-foreground">This account is snoozed: it wakes up with your next purchase.</p>
        )}
        <div className="grid gap-2 border-t pt-4">
          <p className="text-muted-foreground">{CLOSE_TEXT}</p>
          <ConfirmDialog
            title="close your account permanently?"
            description={CLOSE_TEXT}
            confirmLabel="Close Account Permanently"
            pendingLabel="Closing..."
            destructive
            onConfirm={act("close")}
            trigger={
              <Button variant="destructive" className="w-full sm:w-fit">
                <XCircle className="h-4 w-4" aria-hidden /> Close Account
              </Button>
            }
          />
        </div>
      </CardContent>
    </Card>
  );
}
