"use client";

import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { apiRequest } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { formatDate } from "@/lib/rules/format";

// Messages from the super admin (spec 3 sections 4, 7 and 9): GET /api/admin-messages/unread every
// 30 s; shown one at a time in a modal with 'x of N'; 'got it' or closing marks the message read
// (POST /api/admin-messages/{id}/read). While a super admin is logged in as the business the modal
// stays away: the owner has not seen those messages.

export const ADMIN_MESSAGES_POLL_MS = 30_000;

export type UnreadAdminMessage = { id: number; title: string; content: string; createdAt: string };

export function AdminMessagesModal({ disabled = false }: { disabled?: boolean }) {
  const queryClient = useQueryClient();
  const unread = useQuery<UnreadAdminMessage[]>({ queryKey: queryKeys.unreadAdminMessages, refetchInterval: ADMIN_MESSAGES_POLL_MS, enabled: !disabled });
  // The batch being shown is frozen once the first message is acknowledged, so 'x of N' counts up
  // steadily; acknowledged ids stay hidden even if a poll lands before the read is recorded.
  const [batch, setBatch] = useState<UnreadAdminMessage[] | null>(null);
  const [index, setIndex] = useState(0);
  const [handled, setHandled] = useState<ReadonlySet<number>>(new Set());

  const pending = (unread.data ?? []).filter((m) => !handled.has(m.id));
  const active = batch ?? pending;
  const current = disabled ? undefined : active[index];

  const acknowledge = () => {
    if (!current) return;
    setHandled((prev) => new Set(prev).add(current.id));
    apiRequest("POST", `/api/admin-messages/${current.id}/read`).catch((error) => console.error("[admin-messages] could not mark read", error));
    if (index + 1 < active.length) {
      setBatch(active);
      setIndex(index + 1);
    } else {
      setBatch(null);
      setIndex(0);
      void queryClient.invalidateQueries({ queryKey: queryKeys.unreadAdminMessages });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    }
  };

  return (
    <Dialog open={current !== undefined} onOpenChange={(open) => !open && acknowledge()}>
      {current && (
        <DialogContent key={current.id} data-testid="admin-message">
          <DialogHeader>
            <p className="text-xs font-medium text-muted-foreground">
              message from the team · {formatDate(current.createdAt)}
            </p>
            <DialogTitle>{current.title}</DialogTitle>
            <DialogDescription className="sr-only">a message from the team</DialogDescription>
          </DialogHeader>
          <div className="text-sm break-words whitespace-pre-wrap">{current.content}</div>
          <DialogFooter className="items-center sm:justify-between">
            <span className="text-sm text-muted-foreground" data-testid="admin-message-position">
              {index + 1} of {active.length}
            </span>
            <Button type="button" onClick={acknowledge}>
              got it
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
