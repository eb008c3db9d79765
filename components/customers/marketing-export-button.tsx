"use client";

import { useState } from "react";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { buildMarketingExport, hasMarketingConsent } from "@/lib/rules/customer-export";
import { customerListPages } from "@/components/customers/customer-queries";

// Spec 1 sections 2, 5, 7, 8: the marketing list of every customer with email or SMS consent,
// built in the browser. The hub no longer holds the whole list (issue 23: it loads the pages it
// shows), so pressing the button reads the list a page at a time and keeps only the consenting
// customers of each page; the spec's "no call" held only while the hub loaded everyone up front.

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

/** Every consenting customer of the business, newest first, read page by page. */
export async function loadConsentingCustomers(pages: AsyncIterable<CustomerDto[]> = customerListPages()): Promise<CustomerDto[]> {
  const consenting: CustomerDto[] = [];
  for await (const page of pages) for (const c of page) if (hasMarketingConsent(c)) consenting.push(c);
  return consenting;
}

export function MarketingExportButton() {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      exportMarketingList(await loadConsentingCustomers());
    } catch {
      toast({ variant: "destructive", title: "there was an error exporting the customer data" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="outline" size="sm" disabled={busy} aria-busy={busy || undefined} onClick={onClick}>
      {busy ? <Spinner label="exporting" /> : <Download aria-hidden />} export marketing list
    </Button>
  );
}
