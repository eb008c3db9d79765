"use client";

import { useEffect, useRef } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { formatDateTime } from "@/lib/rules/format";
import { CHAT_SYSTEM_NOTES } from "@/lib/rules/chat";
import type { ChatMessageDto, ChatSessionDto } from "@/lib/chat/chat-dto";

/** One chat's messages, oldest first; the local system notes follow the first message. */
export function ChatMessageList({ session, showNotes }: { session: ChatSessionDto; showNotes: boolean }) {
  const end = useRef<HTMLDivElement>(null);
  const count = session.messages.length + (showNotes ? CHAT_SYSTEM_NOTES.length : 0);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "end" });
  }, [count]);

  const [first, ...rest] = session.messages;
  return (
    <div role="log" aria-live="polite" aria-label="Chat messages" className="grid gap-2">
      {first && <Bubble message={first} />}
      {showNotes &&
        CHAT_SYSTEM_NOTES.map((note) => (
          <p key={note} data-testid="chat-system-note" className="mx-auto max-w-[90%] rounded-md bg-muted px-3 py-1.5 text-center text-xs text-muted-foreground">
            {note}
          </p>
        ))}
      {rest.map((m) => (
        <Bubble key={m.id} message={m} />
      ))}
      <div ref={end} />
    </div>
  );
}

function Bubble({ message }: { message: ChatMessageDto }) {
  if (message.metadata?.type === "system_message") {
    return <p className="mx-auto max-w-[90%] rounded-md bg-muted px-3 py-1.5 text-center text-xs text-muted-foreground">{message.content}</p>;
  }
  return (
    <div className={cn("flex max-w-[85%] flex-col gap-0.5", message.isUser ? "ml-auto items-end" : "mr-auto items-start")}>
      <div className={cn("rounded-lg px-3 py-2 text-sm break-words whitespace-pre-wrap", message.isUser ? "bg-primary text-primary-foreground" : "bg-muted")}>{message.content}</div>
      <span className="flex items-center gap-1 text-[11px] text-muted-foreground">
        {message.isUser ? "you" : (message.senderName ?? "support")} · {formatDateTime(message.createdAt)}
        {message.metadata?.type === "sms_notification_badge" && <Badge variant="outline">SMS sent</Badge>}
      </span>
    </div>
  );
}
