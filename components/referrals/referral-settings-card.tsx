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
import { referralSettingsSchema } from "@/lib/validation/referrals";

// The points hub's refer-a-friend section (issue 26): switch, bonus, monthly cap, then the stats
// and who referred whom (GET /api/referrals).

type Settings = { enabled: boolean; bonusPoints: number; monthlyCap: number };
type Stats = {
  stats: { totalReferrals: number; rewarded: number; pending: number };
  referrals: { id: number; referrerName: string | null; friendName: string; status: string; note: string | null; createdAt: string }[];
};
const KEY = ["/api/referrals/settings"] as const;
const STATS = ["/api/referrals"] as const;

export function ReferralSettingsCard() {
  const queryClient = useQueryClient();
  const query = useQuery<Settings>({ queryKey: KEY });
  const stats = useQuery<Stats>({ queryKey: STATS });
  const [edited, setDraft] = useState<Settings | null>(null);
  const draft = edited ?? query.data ?? null; // the saved settings until the owner edits them
  const [errors, setErrors] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: (body: Settings) => apiJson<{ settings: Settings }>("PUT", "/api/referrals/settings", body),
    onSuccess: (res) => { setDraft(res.settings); setErrors([]); void queryClient.invalidateQueries({ queryKey: KEY }); },
    onError: (e) => setErrors([errorMessage(e)]),
  });
  if (!draft) return null;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = referralSettingsSchema.safeParse(draft);
    if (!parsed.success) return setErrors(parsed.error.issues.map((i) => i.message));
    save.mutate(parsed.data);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>refer a friend</CardTitle>
        <CardDescription>each customer gets a code for their friends; when a friend joins with it and makes a first purchase, both earn the bonus.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form noValidate onSubmit={submit} className="space-y-4">
          <div className="flex items-center gap-3">
            <Switch id="referrals-enabled" checked={draft.enabled} onCheckedChange={(enabled) => setDraft({ ...draft, enabled })} />
            <Label htmlFor="referrals-enabled">{draft.enabled ? "refer a friend is on" : "refer a friend is off"}</Label>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="min-w-0"><Label htmlFor="referral-bonus">bonus points (each)</Label><Input id="referral-bonus" inputMode="numeric" value={String(draft.bonusPoints)} onChange={(e) => setDraft({ ...draft, bonusPoints: Number(e.target.value) })} /></div>
            <div className="min-w-0"><Label htmlFor="referral-cap">friends per customer per month</Label><Input id="referral-cap" inputMode="numeric" value={String(draft.monthlyCap)} onChange={(e) => setDraft({ ...draft, monthlyCap: Number(e.target.value) })} /></div>
          </div>
          {errors.length > 0 && <FormErrorBox heading="could not save refer a friend" messages={errors} />}
          <Button type="submit" size="sm" disabled={save.isPending}>{save.isPending ? "saving..." : "save"}</Button>
        </form>
        {stats.data && (
          <div className="space-y-2 text-sm">
            <p>{stats.data.stats.totalReferrals} referrals: {stats.data.stats.rewarded} rewarded, {stats.data.stats.pending} waiting for a first purchase</p>
            <ul className="divide-y rounded-md border">
              {stats.data.referrals.map((r) => (
                <li key={r.id} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                  <span>{r.referrerName ?? "deleted customer"} referred {r.friendName}</span>
                  <span className="text-muted-foreground">{r.status}{r.note ? ` (${r.note})` : ""} · {new Date(r.createdAt).toLocaleDateString("en-GB")}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
