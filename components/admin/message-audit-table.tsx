"use client";

import { Table, TableBody, TableCell, TableColumns, TableRow } from "@/components/ui/table";
import { queryKeys } from "@/lib/client/query-keys";
import { readRatePercent, type MessageAuditRow } from "@/lib/admin-messages/admin-message-rules";
import { formatDateTime } from "@/lib/rules/format";
import { AdminSection, LoadingRows, useAdminQuery } from "@/components/admin/admin-ui";

export const MESSAGE_AUDIT_POLL_MS = 30_000;

/** Sent messages with read counts and read rate (readCount / totalBusinesses), polled every 30 s. */
export function MessageAuditTable() {
  const audit = useAdminQuery<MessageAuditRow[]>(queryKeys.adminMessageAudit, { refetchInterval: MESSAGE_AUDIT_POLL_MS });
  const rows = audit.data ?? [];
  return (
    <AdminSection id="message-audit" title="message audit" description="Refreshes every 30 seconds.">
      {audit.isPending ? (
        <LoadingRows />
      ) : audit.isError ? (
        <p className="text-sm text-destructive">Could not load the message audit.</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No messages sent yet.</p>
      ) : (
        <Table>
          <TableColumns columns={["Message", "Sent", { label: "Read", className: "text-right" }, { label: "Unread", className: "text-right" }, { label: "Read rate", className: "text-right" }]} />
          <TableBody>
            {rows.map((m) => (
              <TableRow key={m.id}>
                <TableCell className="max-w-64">
                  <div className="font-medium">{m.title}</div>
                  <div className="line-clamp-2 text-xs text-muted-foreground">{m.content}</div>
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDateTime(m.createdAt)}</TableCell>
                <TableCell className="text-right">
                  {m.readCount} / {m.totalBusinesses}
                </TableCell>
                <TableCell className="text-right">{m.unreadCount}</TableCell>
                <TableCell className="text-right">{readRatePercent(m.readCount, m.totalBusinesses)}%</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </AdminSection>
  );
}
