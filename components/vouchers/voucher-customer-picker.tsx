"use client";

import { useState } from "react";
import { Mail, MessageSquare, Moon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { missingConsents, voucherBlockReason, type Channels } from "@/lib/rules/vouchers";
import { apiRequest, errorMessage } from "@/lib/client/api";
import { cn } from "@/lib/utils";
import { CustomerPickList, useCustomerSearch } from "@/components/forms/customer-pick-list";

// Spec 5.7: the scrollable customer list of the create dialog, with each customer's consents and
// sleep/closed state shown, so the business sees at a glance who can receive the chosen channels.
// The list is the server's search a page at a time (issue 23); ticks stay across searches.

type Props = {
  /** false while the dialog is closed: nothing is asked for. */
  enabled?: boolean;
  selected: ReadonlySet<number>;
  /** The new selection, and the customers just ticked as the list shows them (the dialog checks
   *  their consents and states before sending). */
  onChange: (next: Set<number>, ticked: readonly CustomerDto[]) => void;
  channels: Channels;
  recentIds: ReadonlySet<number>;
  /** Told which search "select all eligible" ran and the ids it answered, so a large send can go
   *  as a background job that the server resolves again (issue 23) instead of posting the ids. */
  onSelectAllEligible?: (pick: { q: string; ids: number[] }) => void;
};

export function VoucherCustomerPicker({ enabled = true, selected, onChange, channels, recentIds, onSelectAllEligible }: Props) {
  const search = useCustomerSearch({ enabled });
  const { q, rows } = search;
  const [picking, setPicking] = useState(false);
  const [pickError, setPickError] = useState<string | null>(null);

  /** "select all eligible" (issue 23): one server query over the whole list, not the rows loaded
   *  so far; the same rules as the badges below (lib/customers/list-eligible-customer-ids.ts). */
  const selectAllEligible = async () => {
    setPicking(true);
    setPickError(null);
    try {
      const wanted = [channels.sendEmail && "email", channels.sendSms && "sms"].filter(Boolean).join(",") || "none";
      const res = await apiRequest("GET", `/api/customers?eligible=${encodeURIComponent(wanted)}${q ? `&q=${encodeURIComponent(q)}` : ""}`);
      const ids = (await res.json()) as number[];
      const answered = new Set(ids);
      onChange(new Set([...selected, ...ids]), rows.filter((c) => answered.has(c.id)));
      onSelectAllEligible?.({ q, ids });
    } catch (err) {
      setPickError(errorMessage(err));
    } finally {
      setPicking(false);
    }
  };

  const toggle = (c: CustomerDto, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(c.id);
    else next.delete(c.id);
    onChange(next, on ? [c] : []);
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium" id="voucher-customers-label">
          customers <span className="font-normal text-muted-foreground">({selected.size} selected)</span>
        </p>
        <div className="flex gap-1">
          <Button type="button" variant="ghost" size="sm" disabled={picking || rows.length === 0} aria-busy={picking || undefined} onClick={selectAllEligible}>
            select all eligible
          </Button>
          <Button type="button" variant="ghost" size="sm" disabled={selected.size === 0} onClick={() => onChange(new Set(), [])}>
            clear
          </Button>
        </div>
      </div>
      {pickError && (
        <p role="alert" className="text-sm text-destructive">
          {pickError}
        </p>
      )}
      <CustomerPickList
        labelledBy="voucher-customers-label"
        searchLabel="search customers"
        placeholder="search customers"
        search={search}
        className="max-h-60"
        renderRow={(c) => <CustomerOption key={c.id} c={c} checked={selected.has(c.id)} onToggle={toggle} channels={channels} recent={recentIds.has(c.id)} />}
      />
    </div>
  );
}

function CustomerOption({ c, checked, onToggle, channels, recent }: { c: CustomerDto; checked: boolean; onToggle: (c: CustomerDto, on: boolean) => void; channels: Channels; recent: boolean }) {
  const blocked = voucherBlockReason(c);
  const missing = missingConsents(c, channels);
  const id = `voucher-customer-${c.id}`;
  return (
    <li className={cn("flex items-center gap-3 px-3 py-2", checked && (blocked || missing.length) && "bg-destructive/5")}>
      <Checkbox id={id} checked={checked} onCheckedChange={(v) => onToggle(c, v === true)} />
      <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer">
        <span className="block truncate text-sm font-medium">{c.name}</span>
        <span className="block truncate text-xs text-muted-foreground">{c.email}</span>
      </label>
      <span className="flex shrink-0 items-center gap-1.5">
        {blocked && (
          <Badge variant={blocked === "closed" ? "destructive" : "warning"}>
            <Moon aria-hidden /> {blocked}
          </Badge>
        )}
        {recent && <Badge variant="outline">recent voucher</Badge>}
        <Mail role="img" aria-label={c.marketingConsentEmail ? "email consent" : "no email consent"} className={cn("size-4", c.marketingConsentEmail ? "text-success" : "text-muted-foreground/40")} />
        <MessageSquare role="img" aria-label={c.marketingConsentSms ? "SMS consent" : "no SMS consent"} className={cn("size-4", c.marketingConsentSms ? "text-success" : "text-muted-foreground/40")} />
      </span>
    </li>
  );
}
