"use client";

import { useEffect, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorMessage } from "@/lib/client/api";
import { renderTemplate, rewardText, SAMPLE_VARS, TEMPLATE_FIELDS, type AutomationSettings } from "@/lib/automations/automation-rules";
import { onSubmitted } from "@/components/forms/on-submitted";

export type AutomationView = AutomationSettings & { title: string; description: string };

// One automation: on/off, channels, its settings, the template and a live preview rendered by the
// same function the daily run sends with (sample customer values). The validation schema (zod) and
// the email renderer are imported when first needed (a save, the first preview), not with the page.
export function AutomationCard({ automation, businessName }: { automation: AutomationView; businessName: string }) {
  const qc = useQueryClient();
  const [draft, setDraft] = useState<AutomationView>(automation);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof AutomationView>(k: K, v: AutomationView[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const save = useMutation({
    mutationFn: async (next: AutomationView) => {
      const { automationUpdateSchema } = await import("@/lib/automations/automation-update-schema");
      const parsed = automationUpdateSchema.safeParse(next);
      if (!parsed.success) throw new Error(parsed.error.issues[0].message);
      return apiJson("PUT", `/api/automations/${next.kind}`, parsed.data);
    },
    onSuccess: () => {
      setError(null);
      toast({ title: `${automation.title} saved` });
      void qc.invalidateQueries({ queryKey: ["/api/automations"] });
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const reward = rewardText(draft);
  // The SMS is the filled message, as automationEmail (lib/automations/automation-email.ts) sends it.
  const smsPreview = renderTemplate(draft.body, { ...SAMPLE_VARS, businessName, reward });
  const previewHtml = usePreviewHtml(draft.subject, draft.body, businessName, reward);
  const num = (k: "daysBefore" | "rewardPoints" | "voucherPercent" | "inactiveDays" | "pointsWithin") => (
    <Input id={`${draft.kind}-${k}`} type="number" inputMode="numeric" className="w-28" value={String(draft[k])} onChange={(e) => set(k, Number(e.target.value))} />
  );
  const id = (k: string) => `${draft.kind}-${k}`;
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div>
          <CardTitle>{automation.title}</CardTitle>
          <CardDescription>{automation.description}</CardDescription>
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor={id("enabled")}>{draft.enabled ? "On" : "Off"}</Label>
          <Switch id={id("enabled")} checked={draft.enabled} onCheckedChange={(v) => save.mutate({ ...draft, enabled: v === true }, { onSuccess: () => set("enabled", v === true) })} />
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2">
        <form noValidate className="space-y-3" onSubmit={onSubmitted(() => save.mutate(draft))}>
          <fieldset className="flex gap-4">
            <legend className="mb-1 text-sm font-medium">Channel</legend>
            <label className="flex items-center gap-2 text-sm"><Checkbox checked={draft.sendEmail} onCheckedChange={(v) => set("sendEmail", v === true)} /> Email</label>
            <label className="flex items-center gap-2 text-sm"><Checkbox checked={draft.sendSms} onCheckedChange={(v) => set("sendSms", v === true)} /> SMS</label>
          </fieldset>
          {draft.kind === "birthday" && (
            <div className="flex flex-wrap items-end gap-3">
              <div><Label htmlFor={id("daysBefore")}>Days before birthday</Label>{num("daysBefore")}</div>
              <div>
                <Label htmlFor={id("rewardType")}>Reward</Label>
                <select id={id("rewardType")} className="h-9 rounded-md border px-2 text-sm" value={draft.rewardType} onChange={(e) => set("rewardType", e.target.value as "points" | "voucher")}>
                  <option value="points">Points</option>
                  <option value="voucher">Voucher</option>
                </select>
              </div>
              {draft.rewardType === "points" ? <div><Label htmlFor={id("rewardPoints")}>Points</Label>{num("rewardPoints")}</div> : <div><Label htmlFor={id("voucherPercent")}>% off</Label>{num("voucherPercent")}</div>}
            </div>
          )}
          {draft.kind === "win_back" && <div><Label htmlFor={id("inactiveDays")}>No visit for (days)</Label>{num("inactiveDays")}</div>}
          {draft.kind === "nearly_there" && <div><Label htmlFor={id("pointsWithin")}>Within this many points of the minimum redemption</Label>{num("pointsWithin")}</div>}
          <div><Label htmlFor={id("subject")}>Email subject</Label><Input id={id("subject")} value={draft.subject} onChange={(e) => set("subject", e.target.value)} /></div>
          <div><Label htmlFor={id("body")}>Message</Label><Textarea id={id("body")} rows={4} value={draft.body} onChange={(e) => set("body", e.target.value)} /></div>
          <p className="text-xs text-muted-foreground">Placeholders: {TEMPLATE_FIELDS.map((f) => `{${f}}`).join(" ")}</p>
          {error && <p role="alert" className="text-sm text-destructive">{error}</p>}
          <Button type="submit" disabled={save.isPending}>{save.isPending ? "Saving..." : "Save"}</Button>
        </form>
        <div role="group" className="space-y-2" aria-label={`${automation.title} preview`}>
          <p className="text-sm font-medium">Preview</p>
          {draft.sendEmail && <iframe title={`${automation.title} email preview`} className="h-72 w-full rounded-md border" sandbox="" srcDoc={previewHtml ?? ""} />}
          {draft.sendSms && <p className="rounded-md border bg-muted p-3 text-sm" data-testid={`${draft.kind}-sms-preview`}>{smsPreview}</p>}
        </div>
      </CardContent>
    </Card>
  );
}

/** The email preview: the same renderEmail (React Email) the outbox and Resend get, loaded when the
 *  page first previews (it brings the renderer into the browser) and re-run as the template changes. */
function usePreviewHtml(subject: string, body: string, businessName: string, reward: string): string | null {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void Promise.all([import("@/lib/automations/automation-email"), import("@/lib/email/render-email")])
      .then(([{ automationEmail }, { renderEmail }]) => renderEmail(automationEmail(subject, body, { ...SAMPLE_VARS, businessName, reward }).email))
      .then((r) => current && setHtml(r.html));
    return () => {
      current = false;
    };
  }, [subject, body, businessName, reward]);
  return html;
}
