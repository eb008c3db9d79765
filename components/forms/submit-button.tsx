import type { ComponentProps, ReactNode } from "react";
import { Button } from "@/components/ui/button";

type SubmitButtonProps = Omit<ComponentProps<typeof Button>, "type"> & {
  /** The request is running: the button is disabled, busy, and says `pendingLabel`. */
  pending: boolean;
  pendingLabel: ReactNode;
};

/** A form's submit button with its pending state (disabled, aria-busy, "saving..."). */
export function SubmitButton({ pending, pendingLabel, disabled, children, ...button }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending || disabled} aria-busy={pending || undefined} {...button}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
