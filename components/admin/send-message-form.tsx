"use client";

import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { canSendAdminMessage } from "@/lib/admin-messages/admin-message-rules";
import { AdminSection } from "@/components/admin/admin-ui";
import { onSubmitted } from "@/components/forms/on-submitted";

/** A message to every business user (POST /api/admin/send-message); Send is disabled until both fields are filled. */
export function SendMessageForm({ adminId = null }: { adminId?: number | null }) {
  const qc = useQueryClient();
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const send = useMutation({
    mutationFn: () => apiJson("POST", "/api/admin/send-message", { title: title.trim(), content: content.trim(), adminId }),
    onSuccess: () => {
      setTitle("");
      setContent("");
      toast({ title: "Message Sent", description: "Every business will see it next time they use the app." });
      void qc.invalidateQueries({ queryKey: queryKeys.adminMessageAudit });
    },
    onError: (e) => toast({ title: "Send Failed", description: errorMessage(e, "Failed to send message"), variant: "destructive" }),
  });
  const canSend = canSendAdminMessage(title, content, send.isPending);
  return (
    <AdminSection id="send-message" title="message all businesses">
      <form
        className="space-y-3"
        onSubmit={onSubmitted(() => {
          if (canSend) send.mutate();
        })}
      >
        <div className="space-y-1">
          <Label htmlFor="admin-message-title">Title</Label>
          <Input id="admin-message-title" value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="admin-message-content">Message</Label>
          <Textarea id="admin-message-content" value={content} rows={4} onChange={(e) => setContent(e.target.value)} />
        </div>
        <Button type="submit" disabled={!canSend}>
          {send.isPending ? "Sending…" : "Send message"}
        </Button>
      </form>
    </AdminSection>
  );
}
