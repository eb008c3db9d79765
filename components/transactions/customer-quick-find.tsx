"use client";

import { useMemo, useState } from "react";
import { Command } from "cmdk";
import { Search } from "lucide-react";
import { useCustomers } from "@/components/customers/customer-queries";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { formatUkPhone } from "@/lib/rules/uk-phone";
import { cn } from "@/lib/utils";
import { formatMembershipNumber } from "@/lib/rules/membership-number";

// The till's quick-find (issue 20), on cmdk: keyboard and scanner first. Type a name, a phone
// number (either form: 07737 100372 or +447737100372) or a membership number; the best match is
// highlighted, arrows move, and Enter opens "add transaction" for that customer. A barcode
// scanner typing a membership number and Enter does the same in one go. The customer list is
// only fetched once something is typed.

const MAX_RESULTS = 8;

const digits = (text: string) => text.replace(/\D/g, "");

/** The customers matching `query` by name or email (any part), phone or membership number (digits). */
export function quickFindMatches(customers: readonly CustomerDto[], query: string, max = MAX_RESULTS): CustomerDto[] {
  const text = query.trim().toLowerCase();
  if (!text) return [];
  const number = digits(text);
  const byNumber = number.length >= 3;
  const out: CustomerDto[] = [];
  for (const c of customers) {
    const hit =
      c.name.toLowerCase().includes(text) ||
      c.email.toLowerCase().includes(text) ||
      (byNumber && (c.membershipNumber.includes(number) || digits(formatUkPhone(c.phone)).includes(number) || digits(c.phone).includes(number)));
    if (hit) out.push(c);
    if (out.length === max) break;
  }
  // An exact membership number (a scan) goes first.
  return out.sort((a, b) => Number(b.membershipNumber === number) - Number(a.membershipNumber === number));
}

export function CustomerQuickFind({ onPick }: { onPick: (customer: CustomerDto) => void }) {
  const [query, setQuery] = useState("");
  const customers = useCustomers({ enabled: query.trim() !== "" });
  const matches = useMemo(() => quickFindMatches(customers.data ?? [], query), [customers.data, query]);
  const pick = (c: CustomerDto) => {
    setQuery("");
    onPick(c);
  };

  return (
    <Command shouldFilter={false} label="quick find a customer" className="relative w-full">
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Command.Input
          value={query}
          onValueChange={setQuery}
          placeholder="quick find: name, phone or membership number, then Enter"
          aria-label="quick find a customer"
          className="flex h-10 w-full min-w-0 rounded-md border border-input bg-background py-2 pr-3 pl-9 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm"
        />
      </div>
      {/* Always in the page (hidden while empty): the input's aria-controls names it. */}
      <Command.List
        hidden={query.trim() === ""}
        className="absolute z-40 mt-1 max-h-72 w-full overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {query.trim() !== "" &&
          (customers.isPending ? (
            <Command.Loading>
              <p className="p-2 text-sm text-muted-foreground">loading customers...</p>
            </Command.Loading>
          ) : (
            <Command.Empty className="p-2 text-sm text-muted-foreground">no customer matches</Command.Empty>
          ))}
        {matches.map((c) => (
          <Command.Item
            key={c.id}
            value={String(c.id)}
            onSelect={() => pick(c)}
            className={cn("flex cursor-pointer flex-col gap-0.5 rounded-sm px-2 py-1.5 text-sm", "data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground")}
          >
            <span className="truncate font-medium">{c.name}</span>
            <span className="truncate text-xs text-muted-foreground">
              {formatMembershipNumber(c.membershipNumber)} · {formatUkPhone(c.phone)}
            </span>
          </Command.Item>
        ))}
      </Command.List>
    </Command>
  );
}
