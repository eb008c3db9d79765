"use client";

import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Initial } from "@/components/transactions/transaction-columns";
import { Button } from "@/components/ui/button";
import { CustomerPickList, useCustomerSearch } from "@/components/forms/customer-pick-list";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import type { CustomerStatusFilter } from "@/lib/rules/customer-status";
import { allowedTypesFor } from "@/lib/rules/points";
import { formatMembershipNumber } from "@/lib/rules/membership-number";

// A searchable single-customer picker: the Process Transaction dialog's customer and gift
// recipient, the individual rates dialog's customer. The server's search (name, email, phone or
// membership number), a page at a time; the picked customer is shown with "change".

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

/** How a row reads and whether it can be picked: a badge, or nothing. */
export type RowState = { label: string; tone: "destructive" | "warning"; disabled: boolean } | null;

/** The transaction dialog's rows: closed accounts listed but not pickable, sleeping ones flagged. */
function transactionRowState(c: CustomerDto): RowState {
  const limit = accountLimit(c);
  return limit && { label: limit.label, tone: limit.kind === "closed" ? "destructive" : "warning", disabled: limit.kind === "closed" };
}

type Props = {
  label: string;
  /** Under the label (what cannot be picked, and why). */
  hint?: string;
  /** Only customers in this state (a gift's recipient: active). */
  status?: CustomerStatusFilter;
  value: CustomerDto | null;
  onChange: (customer: CustomerDto | null) => void;
  /** A customer that cannot be picked here (the giver, for a gift). */
  excludeId?: number;
  /** Closed accounts are listed but cannot be picked; a gift recipient may not be closed either. */
  disabled?: boolean;
  /** Each row's badge and whether it can be picked (by default the transaction rules). */
  rowState?: (c: CustomerDto) => RowState;
};

export function CustomerCombobox({ label, hint, status, value, onChange, excludeId, disabled, rowState = transactionRowState }: Props) {
  const labelId = useId();
  // Nothing is asked for while a customer is picked.
  const search = useCustomerSearch({ status, excludeId, enabled: value === null });
  const pick = (c: CustomerDto) => {
    search.setQuery("");
    onChange(c);
  };

  const hintId = `${labelId}-hint`;
  const hintLine = hint && (
    <p id={hintId} className="text-xs text-muted-foreground">
      {hint}
    </p>
  );

  if (value) {
    const state = rowState(value);
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
          {state && <Badge variant={state.tone}>{state.label}</Badge>}
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)} disabled={disabled}>
            change
          </Button>
        </div>
        {hintLine}
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
        className="max-h-52"
        renderRow={(c) => <PickRow key={c.id} customer={c} state={rowState(c)} disabled={disabled} onPick={() => pick(c)} />}
      />
      {hintLine}
    </div>
  );
}

function PickRow({ customer: c, state, disabled, onPick }: { customer: CustomerDto; state: RowState; disabled?: boolean; onPick: () => void }) {
  return (
    <li>
      <button
        type="button"
        disabled={state?.disabled || disabled}
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
        {state && <Badge variant={state.tone}>{state.label}</Badge>}
      </button>
    </li>
  );
}
