"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { SystemSettingsView } from "@/lib/settings/get-system-settings";
import type { AdminBusinessDto } from "@/lib/admin/list-businesses";
import { AdminSection, LoadingRows, useAdminQuery } from "@/components/admin/admin-ui";
import { BusinessCombobox } from "@/components/admin/business-combobox";

export const DEFAULT_PRICE_PLACEHOLDER = "19.99";
export const DEFAULT_PRICE_FALLBACK = "21.00";

type SettingsPatch = Partial<Omit<SystemSettingsView, "defaultSubscriptionPrice">> & { defaultSubscriptionPrice?: string | null };

function ToggleRow({ id, label, hint, checked, disabled, onChange }: { id: string; label: string; hint?: string; checked: boolean; disabled: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <div className="min-w-0">
        <Label htmlFor={id}>{label}</Label>
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      </div>
      <Switch id={id} checked={checked} disabled={disabled} onCheckedChange={onChange} />
    </div>
  );
}

/** Platform settings (PUT /api/admin/system-settings with only the changed keys) and the trial tools. */
export function SystemControls() {
  const settings = useAdminQuery<SystemSettingsView>(queryKeys.systemSettings);
  const s = settings.data;
  return (
    <AdminSection id="system-controls" title="system controls">
      {settings.isPending ? (
        <LoadingRows rows={5} />
      ) : settings.isError || !s ? (
        <p className="text-sm text-destructive">Could not load the system settings.</p>
      ) : (
        <div className="space-y-5">
          {/* Keyed on the saved text values so the inputs start again from what was saved. */}
          <SettingsForm key={[s.signupPin, s.defaultSubscriptionPrice, s.bannerTitle, s.bannerText].join("|")} s={s} />
          <TrialTools />
        </div>
      )}
    </AdminSection>
  );
}

function SettingsForm({ s }: { s: SystemSettingsView }) {
  const qc = useQueryClient();
  const router = useRouter();
  const [pin, setPin] = useState(s.signupPin ?? "");
  const [price, setPrice] = useState(s.defaultSubscriptionPrice ?? "");
  const [bannerTitle, setBannerTitle] = useState(s.bannerTitle ?? "");
  const [bannerText, setBannerText] = useState(s.bannerText ?? "");
  const update = useMutation({
    mutationFn: (patch: SettingsPatch) => apiJson<SystemSettingsView>("PUT", "/api/admin/system-settings", patch),
    onSuccess: () => {
      toast({ title: "Settings Updated" });
      void qc.invalidateQueries({ queryKey: queryKeys.systemSettings });
      void qc.invalidateQueries({ queryKey: queryKeys.adminStats });
      // The header's "Signups" badge and the revenue figures are drawn on the server.
      router.refresh();
    },
    onError: (e) => toast({ title: "Update Failed", description: errorMessage(e, "Failed to update settings"), variant: "destructive" }),
  });
  const busy = update.isPending;
  return (
    <>
          <div className="space-y-3">
            <ToggleRow id="signups-enabled" label="Signups enabled" checked={s.signupsEnabled} disabled={busy} onChange={(v) => update.mutate({ signupsEnabled: v })} />
            <ToggleRow id="pin-protection" label="PIN protection" hint="Sign-up asks for the access code below." checked={s.pinProtectionEnabled} disabled={busy} onChange={(v) => update.mutate({ pinProtectionEnabled: v })} />
            <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => (e.preventDefault(), update.mutate({ signupPin: pin.trim() || null }))}>
              <div className="min-w-0 flex-1 space-y-1">
                <Label htmlFor="signup-pin">Signup PIN</Label>
                <Input id="signup-pin" value={pin} onChange={(e) => setPin(e.target.value)} autoComplete="off" />
              </div>
              <Button type="submit" variant="outline" disabled={busy}>
                Save PIN
              </Button>
            </form>
            <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => (e.preventDefault(), update.mutate({ defaultSubscriptionPrice: price.trim() || null }))}>
              <div className="min-w-0 flex-1 space-y-1">
                <Label htmlFor="default-price">Default monthly price (£)</Label>
                <Input id="default-price" inputMode="decimal" placeholder={DEFAULT_PRICE_PLACEHOLDER} value={price} onChange={(e) => setPrice(e.target.value)} />
                <p className="text-xs text-muted-foreground">Left empty, the price is £{DEFAULT_PRICE_FALLBACK}.</p>
              </div>
              <Button type="submit" variant="outline" disabled={busy}>
                Save price
              </Button>
            </form>
            <ToggleRow id="maintenance-mode" label="Maintenance mode" hint="Businesses see the maintenance screen; this dashboard keeps working." checked={s.maintenanceMode} disabled={busy} onChange={(v) => update.mutate({ maintenanceMode: v })} />
          </div>
          <div className="space-y-3 border-t pt-4">
            <ToggleRow id="banner-enabled" label="Banner enabled" checked={s.bannerEnabled} disabled={busy} onChange={(v) => update.mutate({ bannerEnabled: v })} />
            <form className="space-y-2" onSubmit={(e) => (e.preventDefault(), update.mutate({ bannerTitle: bannerTitle.trim() || null, bannerText: bannerText.trim() || null }))}>
              <div className="space-y-1">
                <Label htmlFor="banner-title">Banner title</Label>
                <Input id="banner-title" value={bannerTitle} maxLength={120} onChange={(e) => setBannerTitle(e.target.value)} />
              </div>
              <div className="space-y-1">
                <Label htmlFor="banner-text">Banner text</Label>
                <Textarea id="banner-text" value={bannerText} rows={2} onChange={(e) => setBannerText(e.target.value)} />
              </div>
              <Button type="submit" variant="outline" disabled={busy}>
                Save banner
              </Button>
            </form>
          </div>
    </>
  );
}

/** The three calls the original defined without controls: referral code, extend trials, process expired trials. */
function TrialTools() {
  const qc = useQueryClient();
  const router = useRouter();
  const [business, setBusiness] = useState<AdminBusinessDto | null>(null);
  const [days, setDays] = useState("7");
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: queryKeys.adminBusinesses });
    void qc.invalidateQueries({ queryKey: queryKeys.adminReferralStats });
    void qc.invalidateQueries({ queryKey: queryKeys.adminReferralActivity });
    void qc.invalidateQueries({ queryKey: queryKeys.adminStats });
    // The overview (platform numbers, referrals, onboarding) is drawn on the server: read it again.
    router.refresh();
  };
  const done = (title: string) => (r: { message?: string; referralCode?: string }) => {
    toast({ title, description: r.referralCode ? `${r.message ?? ""}: ${r.referralCode}` : r.message });
    refresh();
  };
  const failed = (title: string) => (e: unknown) => toast({ title, description: errorMessage(e), variant: "destructive" });

  const generate = useMutation({
    mutationFn: () => apiJson<{ message?: string; referralCode?: string }>("POST", "/api/admin/generate-referral-code", { businessId: business?.id }),
    onSuccess: done("Referral Code Generated"),
    onError: failed("Generation Failed"),
  });
  const extend = useMutation({
    mutationFn: () => apiJson<{ message?: string }>("POST", "/api/admin/extend-trials", { additionalDays: Number(days) }),
    onSuccess: done("Trials Extended"),
    onError: failed("Extension Failed"),
  });
  const processExpired = useMutation({
    mutationFn: () => apiJson<{ message?: string }>("POST", "/api/admin/process-expired-trials"),
    onSuccess: done("Trials Processed"),
    onError: failed("Processing Failed"),
  });

  return (
    <div className="space-y-3 border-t pt-4">
      <p className="text-sm font-medium">Referrals and trials</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <BusinessCombobox label="Business for a referral code" value={business} onChange={setBusiness} />
        </div>
        <Button variant="outline" disabled={!business || generate.isPending} onClick={() => generate.mutate()}>
          {generate.isPending ? "Generating…" : "Generate referral code"}
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="w-28 space-y-1">
          <Label htmlFor="extend-days">Extra days</Label>
          <Input id="extend-days" inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
        </div>
        <Button variant="outline" disabled={extend.isPending} onClick={() => extend.mutate()}>
          {extend.isPending ? "Extending…" : "Extend trials"}
        </Button>
        <Button variant="outline" disabled={processExpired.isPending} onClick={() => processExpired.mutate()}>
          {processExpired.isPending ? "Processing…" : "Process expired trials"}
        </Button>
      </div>
    </div>
  );
}
