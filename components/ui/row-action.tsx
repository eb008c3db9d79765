import type { ComponentProps } from "react";
import type { LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

type RowActionProps = Omit<ComponentProps<typeof Button>, "children" | "size" | "variant"> & {
  icon: LucideIcon;
  /** The words beside the icon, shown from the sm breakpoint (the aria-label names the row). */
  label: string;
  /** Removes or revokes something: ghost with destructive text. */
  destructive?: boolean;
};

/** A small action button of a table row or list item: an icon on phones, icon and words wider. */
export function RowAction({ icon: Icon, label, destructive = false, className, ...button }: RowActionProps) {
  return (
    <Button type="button" size="sm" variant={destructive ? "ghost" : "outline"} className={cn(destructive && "text-destructive", className)} {...button}>
      <Icon aria-hidden />
      <span className="hidden sm:inline">{label}</span>
    </Button>
  );
}
