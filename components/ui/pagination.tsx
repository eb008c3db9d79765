"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";

// Page controls for a short list shown a page at a time in the browser (parked customers). Long
// lists are paged by the server and scrolled (components/ui/data-table.tsx).

/** The page `page` of `items` (clamped to the last page, which a change may have made shorter). */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): { rows: T[]; page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(page, pageCount - 1);
  return { rows: items.slice(current * pageSize, (current + 1) * pageSize), page: current, pageCount };
}

export function Pagination({
  page,
  pageCount,
  total,
  onPageChange,
  pageSize,
  label,
}: {
  page: number;
  pageCount: number;
  total: number;
  onPageChange: (page: number) => void;
  pageSize: number;
  /** The navigation's accessible name. */
  label: string;
}) {
  if (total <= pageSize) return null;
  const from = page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 px-1 pt-3 text-sm text-muted-foreground">
      <span>
        showing {from.toLocaleString("en-GB")}-{to.toLocaleString("en-GB")} of {total.toLocaleString("en-GB")}
      </span>
      <div className="flex items-center gap-2">
        <Button type="button" variant="outline" size="sm" disabled={page === 0} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden /> previous
        </Button>
        <span aria-live="polite">
          page {page + 1} of {pageCount}
        </span>
        <Button type="button" variant="outline" size="sm" disabled={page >= pageCount - 1} onClick={() => onPageChange(page + 1)}>
          next <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
