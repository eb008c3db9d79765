"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MessageCircle, Send, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorStatus, serverMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { canSendChatMessage, CHAT_NOTES_DELAY_MS, CHAT_POLL_MS, SUPPORT_REQUEST_SUBJECT } from "@/lib/rules/chat";
import type { ChatMessageDto, ChatSessionDto } from "@/lib/chat/chat-dto";
import { ChatMessageList } from "@/components/chrome/chat-message-list";
import { onSubmitted } from "@/components/forms/on-submitted";

// The support chat widget (spec 3 sections 4, 5, 7 and 9). Open, it polls GET /api/chat/sessions
// every 3 s. The first message creates a session (subject 'Support Request'); 0.5 s later the four
// system notes are appended locally. Later messages go to that session until it is closed; then
// the next message starts a new one. Enter sends, Shift+Enter adds a line, and send is disabled
// for a blank message or while one is on its way.

type SendResult = { kind: "session"; session: ChatSessionDto } | { kind: "message"; sessionId: number; message: ChatMessageDto };

export function SupportChatWidget() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      {open && <ChatPanel id={panelId} onClose={() => setOpen(false)} />}
      <Button
        type="button"
        size="icon"
        className="fixed right-4 bottom-4 z-40 size-12 rounded-full shadow-lg"
        aria-label={open ? "Close support chat" : "Open support chat"}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <X className="size-5" aria-hidden /> : <MessageCircle className="size-5" aria-hidden />}
      </Button>
    </>
  );
}

function ChatPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const sessions = useQuery<ChatSessionDto[]>({ queryKey: queryKeys.chatSessions, refetchInterval: CHAT_POLL_MS });
  const [draft, setDraft] = useState("");
  const [notesFor, setNotesFor] = useState<ReadonlySet<number>>(new Set());
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => {
    const pendingTimers = timers.current;
    return () => pendingTimers.forEach(clearTimeout);
  }, []);

  const current = sessions.data?.find((s) => s.status !== "closed") ?? null;
  const lastClosed = current ? null : (sessions.data?.[0] ?? null);

  const send = useMutation({
    mutationFn: async (content: string): Promise<SendResult> => {
      if (current) {
        const message = await apiJson<ChatMessageDto>("POST", `/api/chat/sessions/${current.id}/messages`, { content });
        return { kind: "message", sessionId: current.id, message };
      }
      const session = await apiJson<ChatSessionDto>("POST", "/api/chat/sessions", { type: "message", subject: SUPPORT_REQUEST_SUBJECT, initialMessage: content });
      return { kind: "session", session };
    },
    onSuccess: (result) => {
      setDraft("");
      queryClient.setQueryData<ChatSessionDto[]>(queryKeys.chatSessions, (old = []) =>
        result.kind === "session"
          ? [result.session, ...old]
          : old.map((s) => (s.id === result.sessionId && !s.messages.some((m) => m.id === result.message.id) ? { ...s, messages: [...s.messages, result.message] } : s)),
      );
      if (result.kind === "session") {
        const sessionId = result.session.id;
        timers.current.push(setTimeout(() => setNotesFor((prev) => new Set(prev).add(sessionId)), CHAT_NOTES_DELAY_MS));
      }
    },
    onError: (error) => {
      if (errorStatus(error) === 409) void queryClient.invalidateQueries({ queryKey: queryKeys.chatSessions });
      toast({ variant: "destructive", title: "Message not sent", description: serverMessage(error, "Failed to send your message") });
    },
  });

  const canSend = canSendChatMessage(draft, send.isPending);
  const submit = () => {
    if (canSend) send.mutate(draft.trim());
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <section
      id={id}
      aria-label="Support chat"
      className="fixed right-4 bottom-20 z-40 flex h-[min(32rem,calc(100dvh-7rem))] w-[calc(100vw-2rem)] max-w-sm flex-col overflow-hidden rounded-xl border bg-card shadow-xl"
    >
      <header className="flex items-center gap-2 border-b px-4 py-3">
        <MessageCircle className="size-4 text-primary" aria-hidden />
        <h2 className="flex-1 text-sm font-semibold">support chat</h2>
        <Button type="button" variant="ghost" size="icon" className="size-8" onClick={onClose} aria-label="Close support chat">
          <X aria-hidden />
        </Button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto p-3">
        {sessions.isPending ? (
          <div className="flex h-full items-center justify-center">
            <Spinner label="Loading your chat" showLabel />
          </div>
        ) : current ? (
          <ChatMessageList session={current} showNotes={notesFor.has(current.id)} />
        ) : (
          <div className="grid gap-2 text-sm text-muted-foreground">
            {lastClosed && <p className="rounded-md bg-muted px-3 py-2 text-xs">your last chat was closed. send a message to start a new one.</p>}
            <p>hi! how can we help? send us a message and our support team will reply within 24 hours.</p>
          </div>
        )}
      </div>
      <form className="flex items-end gap-2 border-t p-3" onSubmit={onSubmitted(() => submit())}>
        <label htmlFor={`${id}-input`} className="sr-only">
          Message
        </label>
        <Textarea
          id={`${id}-input`}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="type your message..."
          rows={2}
          maxLength={4000}
          className="max-h-32 min-h-10 flex-1 resize-none"
        />
        <Button type="submit" size="icon" disabled={!canSend} aria-label="Send message" aria-busy={send.isPending || undefined}>
          {send.isPending ? <Spinner label="Sending" /> : <Send aria-hidden />}
        </Button>
      </form>
    </section>
  );
}
