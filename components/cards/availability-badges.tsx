import type { ReactNode } from "react";
import { InlineIcon } from "@/components/ui/inline-icon";
import { cn } from "@/lib/utils";

function Availability({ available, label, name, icon }: { available: boolean; label: string; name: string; icon: ReactNode }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-md border px-1.5 py-0.5 text-xs",
        available ? "border-success/40 bg-success/10 text-foreground" : "border-dashed text-muted-foreground line-through",
      )}
      data-available={available}
      title={`${name}: ${available ? "available" : "not available"}`}
    >
      <span aria-hidden className="[&>svg]:size-3">
        {icon}
      </span>
      <span aria-hidden>{label}</span>
      <span className="sr-only">{`${name}: ${available ? "available" : "not available"}`}</span>
    </span>
  );
}

/** Which ways of carrying the card exist: Apple Wallet, Google Wallet and the QR code (always). */
export function AvailabilityBadges({ applePassUrl, googlePassUrl }: { applePassUrl: string | null; googlePassUrl: string | null }) {
  return (
    <div className="flex flex-wrap gap-1.5" aria-label="Pass availability" role="group">
      <Availability available={Boolean(applePassUrl)} label="Apple" name="Apple Wallet" icon={<InlineIcon name="apple" />} />
      <Availability available={Boolean(googlePassUrl)} label="Google" name="Google Wallet" icon={<InlineIcon name="wallet" />} />
      <Availability available label="QR" name="QR code" icon={<InlineIcon name="qr-code" />} />
    </div>
  );
}
