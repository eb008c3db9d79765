"use client";

import { Badge } from "@/components/ui/badge";
import { DataTable, type ColumnDef } from "@/components/ui/data-table";
import { formatDateTime } from "@/lib/rules/format";
import type { EmailLogDto } from "@/lib/activity/activity-log-dto";

/** Communications tab: every email sent for the business (spec 3 section 3 'Email log'), on the
 *  shared DataTable (a card an email on phones). */
const columns: ColumnDef<EmailLogDto, unknown>[] = [
  {
    id: "recipient",
    header: "recipient",
    cell: ({ row }) => row.original.recipientEmail,
    meta: { className: "max-w-56 break-all max-md:max-w-full max-md:basis-full max-md:font-medium" },
  },
  { id: "customer", header: "customer", cell: ({ row }) => row.original.customer?.name ?? "-", meta: { label: "customer" } },
  { id: "type", header: "type", cell: ({ row }) => (row.original.emailType ? row.original.emailType.replace(/_/g, " ") : "-"), meta: { label: "type" } },
  {
    id: "subject",
    header: "subject",
    cell: ({ row }) => <span title={row.original.subject ?? undefined}>{row.original.subject ?? "-"}</span>,
    meta: { className: "max-w-xs truncate max-md:max-w-full max-md:basis-full" },
  },
  {
    id: "status",
    header: "status",
    cell: ({ row }) => (row.original.status === "sent" ? <Badge variant="success">sent</Badge> : <Badge variant="destructive">failed</Badge>),
  },
  { id: "sentAt", header: "sent at", cell: ({ row }) => formatDateTime(row.original.sentAt), meta: { className: "text-muted-foreground" } },
];

const rowId = (log: EmailLogDto) => String(log.id);

export function EmailLogTable({ logs }: { logs: EmailLogDto[] }) {
  if (logs.length === 0) return <p className="py-8 text-center text-sm text-muted-foreground">no emails sent yet</p>;
  return <DataTable columns={columns} data={logs} getRowId={rowId} aria-label="email log" empty={null} />;
}
