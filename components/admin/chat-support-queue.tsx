"use client";

import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { apiJson } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { canSendChatMessage } from "@/lib/rules/chat";
import type { ChatSessionDto } from "@/lib/chat/chat-dto";
import { cn } from "@/lib/utils";
import { formatDateTime } from "@/lib/rules/format";
import { AdminSection, LoadingRows, useAdminQuery } from "@/components/admin/admin-ui";
import { onSubmitted } from "@/components/forms/on-submitted";

export const SUPPORT_SENDER_NAME = "Support Team";

const statusVariant = (s: string) => (s === "active" ? "success" : s === "escalated" ? "warning" : "secondary");

/** The support queue: every business's chats, active first; open one to read, reply (active chats only) or close it. */
export function ChatSupportQueue() {
  const sessions = useAdminQuery<ChatSessionDto[]>(queryKeys.adminChatSessions);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = sessions.data ?? [];
  const open = list.find((s) => s.id === openId) ?? null;
  const activeCount = list.filter((s) => s.status === "active").length;

  return (
    <AdminSection
      id="chat-queue"
      title="chat support queue"
      description={sessions.isPending ? "Loading chats…" : `${activeCount} active of ${list.length}`}
      action={
        <Button variant="outline" size="sm" onClick={() => sessions.refetch()} disabled={sessions.isFetching} aria-label="Refresh chats">
          <RefreshCw className={cn(sessions.isFetching && "animate-spin")} /> Refresh
        </Button>
      }
    >
      {sessions.isPending ? (
        <LoadingRows />
      ) : sessions.isError ? (
        <p className="text-sm text-destructive">Could not load the chats.</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No support chats yet.</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <ul className="max-h-96 space-y-1 overflow-y-auto" aria-label="Support chats">
            {list.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  onClick={() => setOpenId(s.id)}
                  aria-current={s.id === openId || undefined}
                  className={cn("w-full min-w-0 rounded-md border p-2 text-left text-sm hover:bg-muted", s.id === openId && "border-primary bg-muted")}
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="truncate font-medium">{s.businessName}</span>
                    <Badge variant={statusVariant(s.status)}>{s.status}</Badge>
                  </span>
                  <span className="block truncate text-muted-foreground">{s.subject}</span>
                  <span className="block text-xs text-muted-foreground">{formatDateTime(s.lastActivityAt)}</span>
                </button>
              </li>
            ))}
          </ul>
          {open ? <ChatSessionPanel session={open} /> : <p className="text-sm text-muted-foreground">Choose a chat to read it.</p>}
        </div>
      )}
    </AdminSection>
  );
}

/** One chat: its messages, a reply box only while the chat is active, and Close unless already closed. */
export function ChatSessionPanel({ session }: { session: ChatSessionDto }) {
  const qc = useQueryClient();
  const [reply, setReply] = useState("");
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys.adminChatSessions });

  const send = useMutation({
    mutationFn: (content: string) =>
      apiJson("POST", `/api/chat/sessions/${session.id}/messages`, { content, messageType: "human_support", isUser: false, senderName: SUPPORT_SENDER_NAME }),
    onSuccess: () => {
      setReply("");
      toast({ title: "Reply Sent" });
      void refresh();
    },
    onError: () => toast({ title: "Error", description: "Failed to send reply", variant: "destructive" }),
  });
  const close = useMutation({
    mutationFn: () => apiJson("POST", `/api/chat/sessions/${session.id}/close`),
    onSuccess: () => {
      toast({ title: "Chat Closed" });
      void refresh();
    },
    onError: () => toast({ title: "Error", description: "Failed to close chat session", variant: "destructive" }),
  });

  const canSend = canSendChatMessage(reply, send.isPending);
  return (
    <div className="min-w-0 space-y-3 rounded-md border p-3" aria-label={`Chat with ${session.businessName}`} role="region">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium">{session.businessName}</p>
          <p className="truncate text-sm text-muted-foreground">{session.subject}</p>
        </div>
        {session.status !== "closed" && (
          <Button variant="outline" size="sm" onClick={() => close.mutate()} disabled={close.isPending}>
            {close.isPending ? "Closing…" : "Close chat"}
          </Button>
        )}
      </div>
      <ol className="max-h-72 space-y-2 overflow-y-auto" aria-label="Messages">
        {session.messages.map((m) => (
          <li key={m.id} className={cn("max-w-[85%] rounded-lg px-3 py-2 text-sm break-words", m.isUser ? "bg-muted" : "ml-auto bg-primary text-primary-foreground")}>
            <p className="text-xs opacity-75">
              {m.senderName ?? (m.isUser ? "Business" : "Support")} · {formatDateTime(m.createdAt)}
            </p>
            <p className="whitespace-pre-wrap">{m.content}</p>
          </li>
        ))}
      </ol>
      {session.status === "active" ? (
        <form
          className="space-y-2"
          onSubmit={onSubmitted(() => {
            if (canSend) send.mutate(reply.trim());
          })}
        >
          <label htmlFor={`reply-${session.id}`} className="sr-only">
            Reply
          </label>
          <Textarea id={`reply-${session.id}`} value={reply} onChange={(e) => setReply(e.target.value)} placeholder="Type your reply…" rows={3} />
          <Button type="submit" disabled={!canSend}>
            {send.isPending ? "Sending…" : "Send reply"}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">This chat is {session.status}; replies are only possible in active chats.</p>
      )}
    </div>
  );
}
