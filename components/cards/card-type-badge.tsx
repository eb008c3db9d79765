import { InlineIcon } from "@/components/ui/inline-icon";
import { Badge } from "@/components/ui/badge";
import { cardTypeOf } from "@/lib/cards/card-type";

/** created -> "Digital Max"; fallback -> "Digital Core"; failed -> "Digital Core" with a warning
 *  mark; anything else (pending) -> "Setting up". */
export function CardTypeBadge({ passkitStatus }: { passkitStatus: string }) {
  const info = cardTypeOf(passkitStatus);
  if (info.type === "max") return <Badge variant="success">{info.label}</Badge>;
  if (info.type === "pending") return <Badge variant="outline">{info.label}</Badge>;
  return (
    <Badge variant={info.passFailed ? "warning" : "secondary"} title={info.passFailed ? "Wallet pass could not be created" : undefined}>
      {info.passFailed ? <InlineIcon name="triangle-exclamation-point" /> : null}
      {info.label}
      {info.passFailed ? <span className="sr-only"> (wallet pass failed)</span> : null}
    </Badge>
  );
}
