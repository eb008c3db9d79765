import { cn } from "@/lib/utils";

type TransactionLineProps = {
  label: string;
  date: string;
  /** The money figure, when the type has one. */
  amount?: string | null;
  /** The signed points as text ("+12", "-5", "0") and their sign, which sets the colour. */
  points: string;
  sign: number;
  className?: string;
};

/** One line of a recent-transactions list: type and date, money and signed points. */
export function TransactionLine({ label, date, amount, points, sign, className }: TransactionLineProps) {
  return (
    <li className={cn("flex items-center justify-between gap-3 py-2 text-sm", className)}>
      <div className="min-w-0">
        <p className="font-medium">{label}</p>
        <p className="text-xs text-muted-foreground">{date}</p>
      </div>
      <div className="shrink-0 text-right tabular-nums">
        {amount ? <p>{amount}</p> : null}
        <p className={cn("text-xs font-medium", sign > 0 ? "text-success" : sign < 0 ? "text-destructive" : "text-muted-foreground")}>{points} points</p>
      </div>
    </li>
  );
}
