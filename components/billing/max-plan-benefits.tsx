import { Check } from "lucide-react";
import { MAX_PLAN_BENEFITS, NON_PROFIT_NOTE } from "@/lib/rules/plans";

/** The paid plan's benefits and the non-profit line of spec 2 section 1, shown by the upgrade
 *  modal and the subscription card (one list, so the two never disagree). */
export function MaxPlanBenefits() {
  return (
    <div className="grid gap-2">
      <ul className="space-y-2 text-sm" aria-label="max plan benefits">
        {MAX_PLAN_BENEFITS.map((t) => (
          <li key={t} className="flex items-center gap-2">
            <Check className="size-4 text-primary" aria-hidden /> {t}
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">{NON_PROFIT_NOTE}</p>
    </div>
  );
}
