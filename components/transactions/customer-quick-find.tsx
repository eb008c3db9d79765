"use client";

import { useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Command } from "cmdk";
import { DEFAULT_CUSTOMER_ORDER, firstCustomerPage, SEARCH_DEBOUNCE_MS, useCustomerPages, type CustomerListParams } from "@/components/customers/customer-queries";
import { useDebounced } from "@/hooks/use-debounced";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { formatUkPhone } from "@/lib/rules/uk-phone";
import { cn } from "@/lib/utils";
import { QUICK_FIND, quickFindIcon } from "@/components/transactions/transaction-hub-parts";
import { formatMembershipNumber, membershipNumberFrom } from "@/lib/rules/membership-number";

// The till's quick-find (issue 20), on cmdk: keyboard and scanner first. Type a name, a phone
// number (either form: 07737 100372 or +447737100372) or a membership number; the best match is
// highlighted, arrows move, and Enter opens "add transaction" for that customer. A barcode
// scanner typing a membership number and Enter does the same in one go: an Enter that comes before
// the answer picks the first match once it is in. The matches are the server's search (issue 23:
// the first MAX_RESULTS, asked for after a pause in typing); nothing is fetched until something is
// typed.

const MAX_RESULTS = 8;

/** An exact membership number (a scan) goes first; otherwise the server's order. */
export function quickFindOrder(matches: readonly CustomerDto[], query: string): CustomerDto[] {
  const number = membershipNumberFrom(query);
  return [...matches].sort((a, b) => Number(b.membershipNumber === number) - Number(a.membershipNumber === number));
}

const paramsFor = (q: string): CustomerListParams => ({ q, ...DEFAULT_CUSTOMER_ORDER, limit: MAX_RESULTS });

export function CustomerQuickFind({ onPick }: { onPick: (customer: CustomerDto) => void }) {
  const queryClient = useQueryClient();
  const [query, setQuery] = useState("");
  const q = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const pages = useCustomerPages(paramsFor(q), { enabled: q !== "" });
  // The answer to what is typed now (not the previous search's, kept while the new one loads).
  const current = q === query.trim() && pages.isSuccess && !pages.isPlaceholderData;
  const matches = useMemo(() => (current && pages.data ? quickFindOrder(pages.data.pages[0]?.rows ?? [], q) : []), [current, pages.data, q]);
  const typed = useRef("");
  const pick = (c: CustomerDto) => {
    setQuery("");
    typed.current = "";
    onPick(c);
  };
  // Enter before the answer (a scanner types faster than the pause): ask at once, then pick the
  // best match if nothing more was typed meanwhile.
  const onKeyDown = async (e: KeyboardEvent<HTMLInputElement>) => {
    const text = query.trim();
    if (e.key !== "Enter" || text === "" || current) return;
    e.preventDefault();
    const page = await firstCustomerPage(queryClient, paramsFor(text)).catch(() => undefined);
    const best = page && quickFindOrder(page.rows, text)[0];
    if (best && typed.current.trim() === text) pick(best);
  };
  const loading = query.trim() !== "" && !current && !pages.isError;

  return (
    <Command shouldFilter={false} label={QUICK_FIND.label} className="relative w-full">
      <div className="relative">
        {quickFindIcon}
        <Command.Input
          value={query}
          onValueChange={(v) => {
            setQuery(v);
            typed.current = v;
          }}
          onKeyDown={(e) => void onKeyDown(e)}
          placeholder={QUICK_FIND.placeholder}
          aria-label={QUICK_FIND.label}
          className={QUICK_FIND.inputClassName}
          data-takeover-key={QUICK_FIND.takeoverKey}
        />
      </div>
      {/* Always in the page (hidden while empty): the input's aria-controls names it. */}
      <Command.List
        hidden={query.trim() === ""}
        className="absolute z-40 mt-1 max-h-72 w-full overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {query.trim() !== "" &&
          (loading ? (
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
