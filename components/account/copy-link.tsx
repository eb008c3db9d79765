"use client";

import { useId } from "react";
import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/hooks/use-toast";

/** A read-only link with a copy button (toast 'link copied!'); the field can be selected by hand too. */
export function CopyLink({ label, value, buttonLabel = "copy link" }: { label: string; value: string; buttonLabel?: string }) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: "link copied!" });
    } catch {
      toast({ variant: "destructive", title: "could not copy the link", description: "select the link and copy it by hand." });
    }
  };
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex min-w-0 gap-2">
        <Input id={id} value={value} readOnly className="min-w-0 flex-1 font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" variant="outline" onClick={copy} aria-label={`${buttonLabel}: ${label}`}>
          <Copy aria-hidden />
          <span className="hidden sm:inline">{buttonLabel}</span>
        </Button>
      </div>
    </div>
  );
}
