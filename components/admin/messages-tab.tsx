"use client";

import { MessageAuditTable } from "@/components/admin/message-audit-table";
import { SendMessageForm } from "@/components/admin/send-message-form";

/** The dashboard's Messages tab: the message to every business and the audit of those sent. */
export function MessagesTab() {
  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-2">
      <SendMessageForm />
      <MessageAuditTable />
    </div>
  );
}
