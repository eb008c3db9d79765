"use client";

import { useState } from "react";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { Command } from "cmdk";
import { apiJson } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { useDebounced } from "@/hooks/use-debounced";
import type { AdminBusinessDto } from "@/lib/admin/list-businesses";
import type { AdminBusinessPage } from "@/lib/admin/search-businesses";
import { cn } from "@/lib/utils";

// The super admin's business picker (issue 23): at 10,000 businesses a <select> of every business
// was the whole list in the browser. This one asks the server's search (GET /api/admin/businesses
// ?q=&limit=&cursor=, by name) after a pause in typing, 20 at a time with "more businesses" for the
// next page. Nothing is asked until the box is opened. On cmdk, as the till's quick-find: arrows
// move, Enter picks, Escape closes.

export const BUSINESS_SEARCH_DEBOUNCE_MS = 200;
export const BUSINESS_PAGE_SIZE = 20;

export function businessSearchUrl(q: string, cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(BUSINESS_PAGE_SIZE) });
  if (q) params.set("q", q);
  if (cursor) params.set("cursor", cursor);
  return `/api/admin/businesses?${params}`;
}

export const businessLabel = (b: Pick<AdminBusinessDto, "name" | "email">) => `${b.name} (${b.email})`;

type Props = {
  /** The accessible name (a visible label is drawn above the box). */
  label: string;
  value: AdminBusinessDto | null;
  onChange: (business: AdminBusinessDto | null) => void;
  /** Shown while nothing is picked; with `clearLabel`, the picked business can be cleared (e.g. "All businesses"). */
  placeholder?: string;
  clearLabel?: string;
  /** Called the first time the box is focused (a caller's chance to fetch the code it needs next). */
  onFocus?: () => void;
};

export function BusinessCombobox({ label, value, onChange, placeholder = "Search by name or email", clearLabel, onFocus }: Props) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const q = useDebounced(query.trim(), BUSINESS_SEARCH_DEBOUNCE_MS);
  const pages = useInfiniteQuery({
    queryKey: queryKeys.adminBusinessSearch(q),
    queryFn: ({ pageParam }) => apiJson<AdminBusinessPage>("GET", businessSearchUrl(q, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    enabled: open,
  });
  const businesses = pages.data?.pages.flatMap((p) => p.businesses) ?? [];
  const searching = q !== query.trim() || pages.isPlaceholderData || pages.isPending;
  const pick = (b: AdminBusinessDto | null) => {
    onChange(b);
    setQuery("");
    setOpen(false);
  };

  return (
    <Command
      shouldFilter={false}
      label={label}
      className="relative w-full min-w-0"
      onKeyDown={(e) => {
        if (e.key === "Escape") setOpen(false);
      }}
    >
      <p aria-hidden="true" className="mb-1 text-sm font-medium leading-none">
        {label}
      </p>
      <Command.Input
        value={open ? query : value ? businessLabel(value) : ""}
        onValueChange={(v) => {
          setQuery(v);
          setOpen(true);
        }}
        onFocus={() => {
          onFocus?.();
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        placeholder={value ? businessLabel(value) : (clearLabel ?? placeholder)}
        className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      />
      <Command.List
        hidden={!open}
        label={`${label}: matches`}
        className="absolute z-40 mt-1 max-h-72 w-full overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        // Picking with the mouse must not blur the box (which closes the list) before the click lands.
        onMouseDown={(e) => e.preventDefault()}
      >
        {open && pages.isError ? (
          <p className="p-2 text-sm text-destructive">Could not search the businesses.</p>
        ) : open && searching && businesses.length === 0 ? (
          <Command.Loading>
            <p className="p-2 text-sm text-muted-foreground">Searching businesses…</p>
          </Command.Loading>
        ) : (
          <Command.Empty className="p-2 text-sm text-muted-foreground">No business matches.</Command.Empty>
        )}
        {clearLabel && value && (
          <Command.Item value="__clear" onSelect={() => pick(null)} className={itemClass}>
            {clearLabel}
          </Command.Item>
        )}
        {businesses.map((b) => (
          <Command.Item key={b.id} value={String(b.id)} onSelect={() => pick(b)} className={itemClass}>
            <span className="truncate font-medium">
              {b.name}
              {b.accountStatus !== "active" ? ` - ${b.accountStatus}` : ""}
            </span>
            <span className="truncate text-xs text-muted-foreground">{b.email}</span>
          </Command.Item>
        ))}
        {pages.hasNextPage && (
          <Command.Item value="__more" disabled={pages.isFetchingNextPage} onSelect={() => void pages.fetchNextPage()} className={cn(itemClass, "text-muted-foreground")}>
            {pages.isFetchingNextPage ? "Loading more…" : "More businesses"}
          </Command.Item>
        )}
      </Command.List>
    </Command>
  );
}

const itemClass = cn("flex cursor-pointer flex-col gap-0.5 rounded-sm px-2 py-1.5 text-sm", "data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground");
