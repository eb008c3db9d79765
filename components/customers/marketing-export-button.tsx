"use client";

import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { buildMarketingExport } from "@/lib/rules/customer-export";

// Spec 1 sections 2, 5, 7, 8: the marketing list, built in the browser (no call), of every
// customer with email or SMS consent.

/** Starts a browser download of `text`. A UTF-8 byte-order mark lets Excel read accented names. */
function downloadText(fileName: string, text: string) {
  const blob = new Blob(["\uFEFF", text], { type: "text/csv;charset=utf-8" });
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

export function exportMarketingList(customers: readonly CustomerDto[], now = new Date()) {
  try {
    const file = buildMarketingExport(customers, now);
    if (file.count === 0) {
      toast({ variant: "destructive", title: "no customers to export", description: "no customers have given marketing permission" });
      return;
    }
    downloadText(file.fileName, file.csv);
    toast({ title: `exported ${file.count} customers with marketing permissions to csv` });
  } catch {
    toast({ variant: "destructive", title: "there was an error exporting the customer data" });
  }
}

export function MarketingExportButton({ customers }: { customers: readonly CustomerDto[] | undefined }) {
  return (
    <Button type="button" variant="outline" size="sm" disabled={!customers} onClick={() => customers && exportMarketingList(customers)}>
      <Download aria-hidden /> export marketing list
    </Button>
  );
}
