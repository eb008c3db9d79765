"use client";

import { useId } from "react";
import { Label } from "@/components/ui/label";
import { OtpInput } from "@/components/ui/otp-input";

/** The 4-digit SMS code field: digits only (a paste keeps its digits), one-time-code autofill on phones. */
export function CodeInput({ value, onChange, label = "Verification code", disabled, error }: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  disabled?: boolean;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <OtpInput id={id} length={4} value={value} onChange={onChange} disabled={disabled} errorId={error ? `${id}-error` : undefined} />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
