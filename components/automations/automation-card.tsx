"use client";

import { useEffect, useRef, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Label } from "@/components/ui/label";
import { Checkbox } from "@/components/ui/checkbox";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorMessage } from "@/lib/client/api";
import { rewardText, SAMPLE_VARS } from "@/lib/automations/automation-rules";
import { onSubmitted } from "@/components/forms/on-submitted";
import { AutomationCardView, type AutomationCardControls, type AutomationView } from "@/components/automations/automation-card-parts";

export type { AutomationView };

const LIVE_CONTROLS: AutomationCardControls = { Switch, Checkbox, Label };

// One automation: on/off, channels, its settings, the template and a live preview rendered by the
// same function the daily run sends with (sample customer values). The validation schema (zod) and
// the email renderer are imported when first needed (a save, the first change of the template), not
// with the page; the stored template's preview comes from the server (`previewHtml`).
export function AutomationCard({ automation, businessName, previewHtml }: { automation: AutomationView; businessName: string; previewHtml?: string }) {
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
  const previewHtmlNow = usePreviewHtml(draft.subject, draft.body, businessName, rewardText(draft), previewHtml);
  return (
    <AutomationCardView
      automation={automation}
      draft={draft}
      businessName={businessName}
      controls={LIVE_CONTROLS}
      set={set}
      onToggle={(v) => save.mutate({ ...draft, enabled: v === true }, { onSuccess: () => set("enabled", v === true) })}
      onSubmit={onSubmitted(() => save.mutate(draft))}
      saving={save.isPending}
      error={error}
      previewHtml={previewHtmlNow}
    />
  );
}

/** The email preview: the same renderEmail (React Email) the outbox and Resend get. The stored
 *  template's comes rendered from the server; the renderer is loaded when the template first changes
 *  (it brings React Email into the browser) and re-run as it changes. */
function usePreviewHtml(subject: string, body: string, businessName: string, reward: string, initialHtml?: string): string | null {
  const [html, setHtml] = useState<string | null>(initialHtml ?? null);
  const initialInput = useRef(initialHtml === undefined ? null : JSON.stringify([subject, body, businessName, reward]));
  useEffect(() => {
    if (initialInput.current === JSON.stringify([subject, body, businessName, reward])) return;
    initialInput.current = null;
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
