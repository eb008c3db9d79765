"use client";

import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CustomerPickList, useCustomerSearch } from "@/components/forms/customer-pick-list";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { allowedTypesFor } from "@/lib/rules/points";
import { formatMembershipNumber } from "@/lib/rules/membership-number";

// A searchable customer list for the Process Transaction dialog (the customer, and a gift's
// recipient). Long lists render the first matches only; the search narrows them.

const SHOWN = 50;

/** Why a customer's account limits transactions: closed (none) or sleeping (purchases only). */
export function accountLimit(c: Pick<CustomerDto, "accountStatus" | "sleepStatus">): { kind: "closed" | "sleeping"; label: string } | null {
  const allowed = allowedTypesFor(c);
  if (allowed.length === 0) return { kind: "closed", label: "account closed" };
  if (allowed.length === 1) {
    const label = c.accountStatus === "snoozed" || c.accountStatus === "paused" ? "snoozed" : c.sleepStatus === "scheduled_deletion" ? "scheduled for deletion" : "asleep";
    return { kind: "sleeping", label };
  }
  return null;
}

type Props = {
  label: string;
  customers: CustomerDto[] | undefined;
  value: CustomerDto | null;
  onChange: (customer: CustomerDto | null) => void;
  /** A customer that cannot be picked here (the giver, for a gift). */
  excludeId?: number;
  /** Closed accounts are listed but cannot be picked; a gift recipient may not be closed either. */
  disabled?: boolean;
};

export function CustomerCombobox({ label, customers, value, onChange, excludeId, disabled }: Props) {
  const labelId = useId();
  const search = useCustomerSearch(customers, { byMembershipNumber: true, excludeId });
  const pick = (c: CustomerDto) => {
    search.setQuery("");
    onChange(c);
  };

  if (value) {
    const limit = accountLimit(value);
    return (
      <div className="grid gap-1.5">
        <p id={labelId} className="text-sm font-medium">
          {label}
        </p>
        <div aria-labelledby={labelId} role="group" className="flex min-w-0 items-center gap-3 rounded-md border p-3">
          <Initial name={value.name} />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{value.name}</p>
            <p className="truncate text-xs text-muted-foreground">
              {formatMembershipNumber(value.membershipNumber)} · {value.totalPoints} points
            </p>
          </div>
          {limit && <Badge variant={limit.kind === "closed" ? "destructive" : "warning"}>{limit.label}</Badge>}
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)} disabled={disabled}>
            change
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-1.5">
      <p id={labelId} className="text-sm font-medium">
        {label}
      </p>
      <CustomerPickList
        labelledBy={labelId}
        searchLabel={`search ${label}`}
        placeholder="search by name, email or membership number"
        search={search}
        disabled={disabled}
        customers={customers}
        shown={SHOWN}
        className="max-h-52"
        renderRow={(c) => <PickRow key={c.id} customer={c} disabled={disabled} onPick={() => pick(c)} />}
      />
    </div>
  );
}

function PickRow({ customer: c, disabled, onPick }: { customer: CustomerDto; disabled?: boolean; onPick: () => void }) {
  const limit = accountLimit(c);
  const closed = limit?.kind === "closed";
  return (
    <li>
      <button
        type="button"
        disabled={closed || disabled}
        onClick={onPick}
        className="flex w-full min-w-0 items-center gap-3 px-3 py-2 text-left hover:bg-muted/60 disabled:cursor-not-allowed disabled:opacity-60"
      >
        <Initial name={c.name} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{c.name}</span>
          <span className="block truncate text-xs text-muted-foreground">
            {c.email} · {c.totalPoints} points
          </span>
        </span>
        {limit && <Badge variant={closed ? "destructive" : "warning"}>{limit.label}</Badge>}
      </button>
    </li>
  );
}

export function Initial({ name }: { name: string }) {
  return (
    <span aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
