"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { apiRequest } from "@/lib/client/api";
import { marketingExportFileName } from "@/lib/rules/customer-export";
import { InlineIcon } from "@/components/ui/inline-icon";
import { HUB_KEYS } from "@/components/customers/customer-hub-parts";

// Spec 1 sections 2, 5, 7, 8: the marketing list of every customer with email or SMS consent, as
// a CSV. Issue 23: the server streams the file (GET /api/customers/marketing-export, a batch of
// customers at a time) and says in X-Export-Count how many customers it holds, so the browser
// never reads the customer list; with none, the spec's "no customers to export" shows and nothing
// is downloaded. (The spec's "built in the browser, no call" held only while the browser held
// every customer: docs/decisions.md.)

export const MARKETING_EXPORT_URL = "/api/customers/marketing-export";

/** Saves `blob` as a download named `fileName`. */
function downloadBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke on the next tick: some browsers start the download after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file name the server gave (Content-Disposition), else today's. */
function fileNameOf(res: Response, now: Date): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "");
  return match?.[1] ?? marketingExportFileName(now);
}

/** Asks the server for the file, then saves it with the spec's toasts. */
export async function exportMarketingList(now = new Date()): Promise<void> {
  try {
    const res = await apiRequest("GET", MARKETING_EXPORT_URL);
    const header = res.headers.get("x-export-count");
    const count = header === null ? NaN : Number(header);
    if (!Number.isInteger(count) || count < 0) throw new Error("the export did not say how many customers it holds");
    if (count === 0) {
      void res.body?.cancel().catch(() => {});
      toast({ variant: "destructive", title: "no customers to export", description: "no customers have given marketing permission" });
      return;
    }
    downloadBlob(fileNameOf(res, now), await res.blob());
    toast({ title: `exported ${count} customers with marketing permissions to csv` });
  } catch {
    toast({ variant: "destructive", title: "there was an error exporting the customer data" });
  }
}

export function MarketingExportButton() {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await exportMarketingList();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="outline" size="sm" disabled={busy} aria-busy={busy || undefined} onClick={onClick} data-takeover-key={HUB_KEYS.exportList}>
      {busy ? <Spinner label="exporting" /> : <InlineIcon name="download" />} export marketing list
    </Button>
  );
}
