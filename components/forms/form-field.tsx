"use client";

import { useId, useState, type ComponentProps, type ReactNode } from "react";
import { Eye, EyeOff } from "lucide-react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

type Props = ComponentProps<typeof Input> & { label: string; error?: string; hint?: string };

/** The label, the error (or else the hint) under a field, and the ids that wire them up. */
function FieldFrame({ label, error, hint, id, children }: { label: string; error?: string; hint?: string; id?: string; children: (control: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const describedBy = error ? `${controlId}-error` : hint ? `${controlId}-hint` : undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={controlId}>{label}</Label>
      {children({ id: controlId, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {error ? (
        <p id={`${controlId}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={`${controlId}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with its error message wired for screen readers. */
export function FormField({ label, error, hint, id, ...input }: Props) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id}>
      {(control) => <Input {...control} {...input} />}
    </FieldFrame>
  );
}

const selectClassName =
  "h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm";

/** A labelled native select (the phone's own picker), wired like FormField. */
export function SelectField({ label, error, hint, id, className, ...select }: ComponentProps<"select"> & { label: string; error?: string; hint?: string }) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id}>
      {(control) => <select {...control} className={cn(selectClassName, className)} {...select} />}
    </FieldFrame>
  );
}

/** A number input: whole numbers bring up the numeric keypad, the others the decimal one. */
export function NumberField({ whole = false, ...props }: Omit<Props, "type" | "inputMode"> & { whole?: boolean }) {
  return <FormField type="number" inputMode={whole ? "numeric" : "decimal"} {...props} />;
}

/** A password input with the spec's show/hide toggle. */
export function PasswordField(props: Omit<Props, "type">) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <FormField {...props} type={visible ? "text" : "password"} className="pr-10" />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        className="absolute right-2 top-[1.85rem] rounded p-1 text-muted-foreground hover:text-foreground"
        aria-label={visible ? "Hide password" : "Show password"}
      >
        {visible ? <EyeOff className="h-4 w-4" /> : <Eye className="h-4 w-4" />}
      </button>
    </div>
  );
}
