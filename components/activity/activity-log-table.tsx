"use client";

import { Table, TableBody, TableCell, TableColumns, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/rules/format";
import type { ActivityLogDto } from "@/lib/activity/activity-log-dto";
import { actionLabel, describeChanges } from "@/components/activity/format-changes";

/** Activity tab: who did what, with old and new values written out (spec 3 section 3 'Activity log'). */
export function ActivityLogTable({ logs }: { logs: ActivityLogDto[] }) {
  if (logs.length === 0) return <p className="py-8 text-center text-sm text-muted-foreground">no activity yet</p>;
  return (
    <Table>
      <TableColumns columns={["action", "description", "table", "changes", "when"]} />
      <TableBody>
        {logs.map((log) => {
          const changes = describeChanges(log.oldValues, log.newValues);
          return (
            <TableRow key={log.id} className="align-top">
              <TableCell className="font-medium max-md:basis-full">{actionLabel(log.action)}</TableCell>
              <TableCell className="min-w-48 whitespace-normal max-md:basis-full">
                {log.description}
                {log.actorType !== "owner" && log.actorName && <span className="block text-xs text-muted-foreground">by {log.actorType === "system" ? "the system" : log.actorName}</span>}
              </TableCell>
              <TableCell label="record">{log.tableName ? log.tableName.replace(/_/g, " ") : "-"}</TableCell>
              <TableCell className="min-w-56 whitespace-normal max-md:basis-full">
                {changes.length === 0 ? (
                  "-"
                ) : (
                  <ul className="space-y-0.5 text-xs">
                    {changes.map((c) => (
                      <li key={c.field}>
                        <span className="font-medium">{c.field}</span>:{" "}
                        {c.from !== null && c.to !== null ? (
                          <>
                            <span className="text-muted-foreground line-through">{c.from}</span> → {c.to}
                          </>
                        ) : c.to !== null ? (
                          c.to
                        ) : (
                          <span className="text-muted-foreground">{c.from} (removed)</span>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </TableCell>
              <TableCell className="text-muted-foreground">{formatDateTime(log.createdAt)}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
