import type { ComponentType, FormEventHandler, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { renderTemplate, rewardText, SAMPLE_VARS, TEMPLATE_FIELDS, type AutomationSettings } from "@/lib/automations/automation-rules";

// One automation's card and the page's frame, drawn the same by the live page (automation-card.tsx,
// with Radix's switch, checkboxes and labels and the handlers) and by the first screen the server
// renders (automations-screen.tsx, with their server-drawn markup and the values as they are
// stored). Not a client module. Controls carry data-takeover-key (components/ui/takeover.tsx): what
// is typed before the page's code is in is carried over, a press is replayed.

export type AutomationView = AutomationSettings & { title: string; description: string };

/** A card's identity: a saved automation (a new updatedAt) is a new card, with a preview of its own. */
export const automationKey = (a: AutomationView) => `${a.kind}-${String((a as { updatedAt?: string | null }).updatedAt ?? "")}`;

/** The email previews the server rendered, by automationKey. */
export type AutomationPreviews = Record<string, string>;

export type AutomationCardControls = {
  Switch: ComponentType<{ id: string; checked: boolean; onCheckedChange?: (on: boolean) => void; "data-takeover-key"?: string }>;
  Checkbox: ComponentType<{ checked: boolean; onCheckedChange?: (on: boolean | "indeterminate") => void; "data-takeover-key"?: string }>;
  Label: ComponentType<{ htmlFor?: string; children: ReactNode }>;
};

type NumberField = "daysBefore" | "rewardPoints" | "voucherPercent" | "inactiveDays" | "pointsWithin";

type CardViewProps = {
  automation: AutomationView;
  /** What the card shows: the stored settings, or the owner's edits. */
  draft: AutomationView;
  businessName: string;
  controls: AutomationCardControls;
  /** Absent on the server's first screen: the fields are uncontrolled there. */
  set?: <K extends keyof AutomationView>(k: K, v: AutomationView[K]) => void;
  onToggle?: (on: boolean) => void;
  onSubmit?: FormEventHandler;
  saving?: boolean;
  error?: string | null;
  previewHtml: string | null;
};

export function AutomationsFrame({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">automations</h1>
        <p className="text-sm text-muted-foreground">
          Messages go out once a day, only to customers who agreed to that channel; never to closed, sleeping, snoozed or parked customers; no SMS between 21:00 and 08:00, and at most 2 marketing texts per customer a month (vouchers included).
        </p>
      </div>
      {children}
    </div>
  );
}

/** One automation: on/off, channels, its settings, the template and the preview (email and SMS). */
export function AutomationCardView({ automation, draft, businessName, controls: { Switch, Checkbox, Label }, set, onToggle, onSubmit, saving = false, error = null, previewHtml }: CardViewProps) {
  const id = (k: string) => `${draft.kind}-${k}`;
  // A controlled field in the live card, its stored value in the server's.
  const bind = <K extends NumberField | "subject" | "body" | "rewardType">(k: K, parse: (v: string) => AutomationView[K]) =>
    set ? { value: String(draft[k]), onChange: (e: { target: { value: string } }) => set(k, parse(e.target.value)) } : { defaultValue: String(draft[k]) };
  const num = (k: NumberField) => <Input id={id(k)} type="number" inputMode="numeric" className="w-28" data-takeover-key={id(k)} {...bind(k, Number)} />;
  // The SMS is the filled message, as automationEmail (lib/automations/automation-email.ts) sends it.
  const smsPreview = renderTemplate(draft.body, { ...SAMPLE_VARS, businessName, reward: rewardText(draft) });
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div>
          <CardTitle>{automation.title}</CardTitle>
          <CardDescription>{automation.description}</CardDescription>
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor={id("enabled")}>{draft.enabled ? "On" : "Off"}</Label>
          <Switch id={id("enabled")} checked={draft.enabled} onCheckedChange={onToggle} data-takeover-key={id("enabled")} />
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2">
        <form noValidate className="space-y-3" onSubmit={onSubmit}>
          <fieldset className="flex gap-4">
            <legend className="mb-1 text-sm font-medium">Channel</legend>
            <label className="flex items-center gap-2 text-sm"><Checkbox checked={draft.sendEmail} onCheckedChange={set && ((v) => set("sendEmail", v === true))} data-takeover-key={id("sendEmail")} /> Email</label>
            <label className="flex items-center gap-2 text-sm"><Checkbox checked={draft.sendSms} onCheckedChange={set && ((v) => set("sendSms", v === true))} data-takeover-key={id("sendSms")} /> SMS</label>
          </fieldset>
          {draft.kind === "birthday" && (
            <div className="flex flex-wrap items-end gap-3">
              <div><Label htmlFor={id("daysBefore")}>Days before birthday</Label>{num("daysBefore")}</div>
              <div>
                <Label htmlFor={id("rewardType")}>Reward</Label>
                <select id={id("rewardType")} className="h-9 rounded-md border px-2 text-sm" {...bind("rewardType", (v) => v as "points" | "voucher")}>
                  <option value="points">Points</option>
                  <option value="voucher">Voucher</option>
                </select>
              </div>
              {draft.rewardType === "points" ? <div><Label htmlFor={id("rewardPoints")}>Points</Label>{num("rewardPoints")}</div> : <div><Label htmlFor={id("voucherPercent")}>% off</Label>{num("voucherPercent")}</div>}
            </div>
          )}
          {draft.kind === "win_back" && <div><Label htmlFor={id("inactiveDays")}>No visit for (days)</Label>{num("inactiveDays")}</div>}
          {draft.kind === "nearly_there" && <div><Label htmlFor={id("pointsWithin")}>Within this many points of the minimum redemption</Label>{num("pointsWithin")}</div>}
          <div><Label htmlFor={id("subject")}>Email subject</Label><Input id={id("subject")} data-takeover-key={id("subject")} {...bind("subject", String)} /></div>
          <div><Label htmlFor={id("body")}>Message</Label><Textarea id={id("body")} rows={4} data-takeover-key={id("body")} {...bind("body", String)} /></div>
          <p className="text-xs text-muted-foreground">Placeholders: {TEMPLATE_FIELDS.map((f) => `{${f}}`).join(" ")}</p>
          {error && <p role="alert" className="text-sm text-destructive">{error}</p>}
          <Button type="submit" disabled={saving} data-takeover-key={id("save")}>{saving ? "Saving..." : "Save"}</Button>
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
