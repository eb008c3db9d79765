"use client";

import { useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Send, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "@/components/ui/table";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { formatDateTime } from "@/lib/rules/format";
import { checkLazily } from "@/components/forms/use-light-form";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/rules/webhook-events";
import { CopyLink } from "@/components/account/copy-link";
import { RowAction } from "@/components/ui/row-action";

// Outgoing webhooks (issue 27): endpoints with their signing secrets, and the delivery log with
// a re-send button per delivery.

export type WebhookEndpointRow = { id: number; url: string; secret: string; events: string[]; createdAt: string };
export type WebhookDeliveryRow = { id: number; eventType: string; status: string; attempts: number; lastStatusCode: number | null; lastError: string | null; nextAttemptAt: string | null; createdAt: string; endpoint: { url: string } };

const tone = (status: string) => (status === "delivered" ? "success" : status === "failed" ? "destructive" : "warning") as "success" | "destructive" | "warning";

// The form's zod schema is imported when the form is first focused, not with the page (issue 23).
const loadSchema = () => import("@/lib/validation/api-keys").then((m) => m.createWebhookEndpointSchema);

export function WebhooksPanel({ initialEndpoints, initialDeliveries }: { initialEndpoints?: { endpoints: WebhookEndpointRow[] }; initialDeliveries?: { deliveries: WebhookDeliveryRow[] } }) {
  const queryClient = useQueryClient();
  const urlId = useId();
  const endpoints = useQuery<{ endpoints: WebhookEndpointRow[] }>({ queryKey: queryKeys.webhookEndpoints, initialData: initialEndpoints });
  const deliveries = useQuery<{ deliveries: WebhookDeliveryRow[] }>({ queryKey: queryKeys.webhookDeliveries, initialData: initialDeliveries });
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [formError, setFormError] = useState<string | null>(null);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.webhookEndpoints }), queryClient.invalidateQueries({ queryKey: queryKeys.webhookDeliveries })]);
  const failed = (title: string) => (error: unknown) => toast({ variant: "destructive", title, description: errorMessage(error) });

  const add = useMutation({
    mutationFn: (input: { url: string; events: string[] }) => apiJson("POST", "/api/webhook-endpoints", input),
    onSuccess: () => {
      setUrl("");
      toast({ title: "webhook endpoint added" });
      void refresh();
    },
    onError: failed("could not add the endpoint"),
  });
  const remove = useMutation({
    mutationFn: (e: WebhookEndpointRow) => apiJson("DELETE", `/api/webhook-endpoints/${e.id}`),
    onSuccess: () => void refresh(),
    onError: failed("could not remove the endpoint"),
  });
  const resend = useMutation({
    mutationFn: (d: WebhookDeliveryRow) => apiJson<{ message: string }>("POST", `/api/webhook-endpoints/deliveries/${d.id}/resend`),
    onSuccess: (r) => {
      toast({ title: r.message });
      void refresh();
    },
    onError: failed("could not re-send"),
  });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const checked = await checkLazily(loadSchema, { url, events });
    if ("errors" in checked) return setFormError(Object.values(checked.errors)[0] ?? "Please check the form");
    setFormError(null);
    add.mutate(checked.data);
  };
  const toggle = (type: WebhookEventType, on: boolean) => setEvents((list) => (on ? [...new Set([...list, type])] : list.filter((t) => t !== type)));

  return (
    <div className="grid gap-4">
      <h3 className="text-base font-semibold">webhooks</h3>
      <form noValidate onSubmit={(e) => void submit(e)} onFocus={() => void loadSchema()} className="grid gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={urlId}>endpoint URL</Label>
          <Input id={urlId} value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://till.example.com/loyalty-webhooks" aria-invalid={formError ? true : undefined} />
        </div>
        <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
          <legend className="mb-1 text-sm font-medium">events</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <Checkbox checked={events.includes(type)} onCheckedChange={(v) => toggle(type, v === true)} />
              <span className="font-mono text-xs">{type}</span>
            </label>
          ))}
        </fieldset>
        {formError && (
          <p role="alert" className="text-sm text-destructive">
            {formError}
          </p>
        )}
        <div>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? "adding..." : "add endpoint"}
          </Button>
        </div>
      </form>
      {endpoints.isError && <p role="alert" className="text-sm text-destructive">could not load your endpoints: {errorMessage(endpoints.error)}</p>}
      {endpoints.data?.endpoints.map((e) => (
        <div key={e.id} className="grid gap-2 rounded-lg border p-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 flex-1 truncate font-mono text-xs">{e.url}</span>
            <RowAction icon={Trash2} label="remove" destructive onClick={() => remove.mutate(e)} aria-label={`remove ${e.url}`} />
          </div>
          <p className="text-xs text-muted-foreground">{e.events.join(", ")}</p>
          <CopyLink label="signing secret" value={e.secret} buttonLabel="copy secret" />
        </div>
      ))}
      <h4 className="text-sm font-semibold">delivery log</h4>
      {deliveries.data && deliveries.data.deliveries.length === 0 && <p className="text-sm text-muted-foreground">no deliveries yet.</p>}
      {deliveries.data && deliveries.data.deliveries.length > 0 && (
        <Table>
          <TableColumns columns={["event", "status", "attempts", "last answer", "when", { label: "actions", className: "text-right" }]} />
          <TableBody>
            {deliveries.data.deliveries.map((d) => (
              <TableRow key={d.id}>
                <TableCell className="font-mono text-xs">{d.eventType}</TableCell>
                <TableCell>
                  <Badge variant={tone(d.status)}>{d.status}</Badge>
                </TableCell>
                <TableCell>{d.attempts}</TableCell>
                <TableCell className="text-xs">{d.lastError ?? (d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : "")}</TableCell>
                <TableCell>{formatDateTime(d.createdAt)}</TableCell>
                <TableCell className="text-right">
                  <RowAction icon={Send} label="re-send" onClick={() => resend.mutate(d)} disabled={resend.isPending} aria-label={`re-send ${d.eventType} of ${formatDateTime(d.createdAt)}`} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
