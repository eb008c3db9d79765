import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { InlineIcon } from "@/components/ui/inline-icon";
import type { VoucherDto } from "@/lib/vouchers/voucher-dto";

// Pieces of the voucher hub (spec 2.6) drawn the same by the client hub (voucher-hub.tsx) and by
// the first screen the server renders (voucher-hub-screen.tsx). Not a client module. Controls carry
// data-takeover-key (components/ui/takeover.tsx).

export const VOUCHERS_PAGE_SIZE = 50;

/** The newest vouchers the server drew with the page (issue 23), the next page's cursor and how
 *  many there are: the first page of the live hub's list (GET /api/promos?limit=50&total=1). */
export type VoucherFirstPage = { rows: VoucherDto[]; next: string | null; total: number };

export const VOUCHER_EXPLAINER_TITLES = {
  status: "status and automatic updates",
  permissions: "customer permissions",
  protection: "built-in protection",
} as const;

export const VOUCHER_SEARCH = { inset: true, "aria-label": "search vouchers", placeholder: "search vouchers...", "data-takeover-key": "search" } as const;

export const showMoreText = (more: number) => `show more (${more} more)`;

export function VoucherHubFrame({ onCreate, explainers, jobs, search, list, children }: Record<"explainers" | "jobs" | "search" | "list", ReactNode> & { onCreate?: () => void; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">voucher hub</h1>
          <p className="text-sm text-muted-foreground">create, edit, reuse and cancel the vouchers you send to your customers.</p>
        </div>
        <Button type="button" onClick={onCreate} className="w-full sm:w-auto" data-takeover-key="create">
          <InlineIcon name="plus" /> create voucher
        </Button>
      </div>

      {explainers}

      {jobs}

      <Card className="gap-4">
        <CardContent className="space-y-3 px-2 sm:px-6">
          {search}
          {list}
        </CardContent>
      </Card>
      {children}
    </div>
  );
}
