import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { AUTOMATION_LABELS, type AutomationKind } from "@/lib/automations/automation-rules";

export type AutomationSend = { id: string; kind: AutomationKind; reason: string; sentByEmail: boolean; sentBySms: boolean; status: string; note: string | null; createdAt: string; customer: { id: number; name: string } };

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/London" });

// What the automations sent, to whom and why (newest 100, read by the page on the server: a server
// component, no JavaScript of its own).
export function AutomationLog({ sends }: { sends: AutomationSend[] }) {
  return (
    <Card>
      <CardHeader><CardTitle>sent by automations</CardTitle></CardHeader>
      <CardContent>
        {!sends.length ? <p className="text-sm text-muted-foreground">Nothing sent yet.</p> : (
          <Table>
            <TableHeader><TableRow><TableHead>When</TableHead><TableHead>Customer</TableHead><TableHead>Automation</TableHead><TableHead>Sent by</TableHead><TableHead>Why</TableHead></TableRow></TableHeader>
            <TableBody>
              {sends.map((s) => (
                <TableRow key={s.id}>
                  <TableCell label="When">{when.format(new Date(s.createdAt))}</TableCell>
                  <TableCell label="Customer">{s.customer.name}</TableCell>
                  <TableCell label="Automation">{AUTOMATION_LABELS[s.kind]?.title ?? s.kind}</TableCell>
                  <TableCell label="Sent by">{[s.sentByEmail && "Email", s.sentBySms && "SMS"].filter(Boolean).join(" + ") || (s.status === "reward_only" ? "Reward only" : s.status)}</TableCell>
                  <TableCell label="Why">{s.reason}{s.note ? ` (${s.note})` : ""}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
