"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { FormErrorBox } from "@/components/ui/form-error-box";
import { apiJson, errorMessage } from "@/lib/client/api";
import { tierSettingsSchema } from "@/lib/validation/tiers";
import type { Tier, TierBasis } from "@/lib/rules/tiers";

// The points hub's VIP tiers section (issue 26): switch on/off, basis, and per tier a name, a
// threshold and an earn multiplier. Saved with PUT /api/tiers (owner only).

type Settings = { enabled: boolean; basis: TierBasis; tiers: Tier[] };
const KEY = ["/api/tiers"] as const;

export function TierSettingsCard() {
  const queryClient = useQueryClient();
  const query = useQuery<Settings>({ queryKey: KEY });
  const [edited, setDraft] = useState<Settings | null>(null);
  const draft = edited ?? query.data ?? null; // the saved settings until the owner edits them
  const [errors, setErrors] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: (body: Settings) => apiJson<{ message: string; settings: Settings }>("PUT", "/api/tiers", body),
    onSuccess: (res) => { setDraft(res.settings); setErrors([]); void queryClient.invalidateQueries({ queryKey: KEY }); void queryClient.invalidateQueries({ queryKey: ["/api/customers"] }); },
    onError: (e) => setErrors([errorMessage(e)]),
  });
  if (!draft) return null;
  const setTier = (i: number, patch: Partial<Tier>) => setDraft({ ...draft, tiers: draft.tiers.map((t, j) => (j === i ? { ...t, ...patch } : t)) });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = tierSettingsSchema.safeParse(draft);
    if (!parsed.success) return setErrors(parsed.error.issues.map((i) => i.message));
    save.mutate(parsed.data as Settings);
  };
  const unit = draft.basis === "lifetime_points" ? "points" : "£ in 12 months";
  return (
    <Card>
      <CardHeader>
        <CardTitle>VIP tiers</CardTitle>
        <CardDescription>customers move up as soon as they reach a tier and earn more points per purchase; a move down happens only at the yearly review.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="space-y-4">
          <div className="flex items-center gap-3">
            <Switch id="tiers-enabled" checked={draft.enabled} onCheckedChange={(enabled) => setDraft({ ...draft, enabled })} />
            <Label htmlFor="tiers-enabled">{draft.enabled ? "tiers are on" : "tiers are off"}</Label>
          </div>
          <div className="space-y-1">
            <Label htmlFor="tiers-basis">tiers are based on</Label>
            <select id="tiers-basis" className="h-9 w-full min-w-0 max-w-full rounded-md border bg-background px-2 text-sm" value={draft.basis} onChange={(e) => setDraft({ ...draft, basis: e.target.value as TierBasis })}>
              <option value="lifetime_points">lifetime points</option>
              <option value="spend_12_months">spend over the last 12 months (£)</option>
            </select>
          </div>
          {draft.tiers.map((t, i) => (
            <fieldset key={i} className="grid min-w-0 grid-cols-2 items-end gap-2 sm:grid-cols-[minmax(0,1fr)_7rem_6rem_auto]">
              <div className="col-span-2 min-w-0 sm:col-span-1"><Label htmlFor={`tier-name-${i}`}>name</Label><Input id={`tier-name-${i}`} value={t.name} onChange={(e) => setTier(i, { name: e.target.value })} /></div>
              <div className="min-w-0"><Label htmlFor={`tier-threshold-${i}`}>from ({unit})</Label><Input id={`tier-threshold-${i}`} inputMode="numeric" value={String(t.threshold)} onChange={(e) => setTier(i, { threshold: Number(e.target.value) })} /></div>
              <div className="min-w-0"><Label htmlFor={`tier-multiplier-${i}`}>points x</Label><Input id={`tier-multiplier-${i}`} inputMode="decimal" value={String(t.multiplier)} onChange={(e) => setTier(i, { multiplier: Number(e.target.value) })} /></div>
              <Button type="button" variant="ghost" size="sm" aria-label={`remove tier ${t.name}`} disabled={draft.tiers.length <= 1} onClick={() => setDraft({ ...draft, tiers: draft.tiers.filter((_, j) => j !== i) })}>remove</Button>
            </fieldset>
          ))}
          {errors.length > 0 && <FormErrorBox heading="could not save the tiers" messages={errors} />}
          <div className="flex gap-2">
            <Button type="button" variant="outline" size="sm" disabled={draft.tiers.length >= 10} onClick={() => setDraft({ ...draft, tiers: [...draft.tiers, { name: "", threshold: 0, multiplier: 1 }] })}>add tier</Button>
            <Button type="submit" size="sm" disabled={save.isPending}>{save.isPending ? "saving..." : "save tiers"}</Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
