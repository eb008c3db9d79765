import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/rules/format";
import type { EmailLogDto } from "@/lib/activity/activity-log-dto";

/** Communications tab: every email sent for the business (spec 3 section 3 'Email log'), on the
 *  table primitives (a card an email on phones). Its first page comes with the page's HTML (issue
 *  23), so it is drawn without the sortable DataTable, whose code loads after hydration: the log
 *  has no sorting, it is newest first. */
export function EmailLogTable({ logs }: { logs: EmailLogDto[] }) {
  if (logs.length === 0) return <p className="py-8 text-center text-sm text-muted-foreground">no emails sent yet</p>;
  return (
    <Table aria-label="email log">
      <TableColumns columns={["recipient", "customer", "type", "subject", "status", "sent at"]} />
      <TableBody>
        {logs.map((log) => (
          <TableRow key={log.id}>
            <TableCell className="max-w-56 break-all max-md:max-w-full max-md:basis-full max-md:font-medium">{log.recipientEmail}</TableCell>
            <TableCell label="customer">{log.customer?.name ?? "-"}</TableCell>
            <TableCell label="type">{log.emailType ? log.emailType.replace(/_/g, " ") : "-"}</TableCell>
            <TableCell className="max-w-xs truncate max-md:max-w-full max-md:basis-full">
              <span title={log.subject ?? undefined}>{log.subject ?? "-"}</span>
            </TableCell>
            <TableCell>{log.status === "sent" ? <Badge variant="success">sent</Badge> : <Badge variant="destructive">failed</Badge>}</TableCell>
            <TableCell className="text-muted-foreground">{formatDateTime(log.sentAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
