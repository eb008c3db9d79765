"use client";

import { OTPInput, REGEXP_ONLY_DIGITS, type SlotProps } from "input-otp";
import { cn } from "@/lib/utils";

// Code boxes (SMS and email codes) on input-otp: one real input (so autofill from an SMS, paste,
// screen readers and Playwright's fill all work) drawn as one box per digit. Only digits are
// accepted, and a pasted code keeps its digits: "12ab3456" pastes as "123456" (issue 20: the old
// field cut the paste at its maxLength first and kept "12").

/** What a paste becomes: its digits, in order. */
export const digitsOnly = (text: string) => text.replace(/\D/g, "");

type Props = {
  id: string;
  length: number;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The id of the error shown under the boxes, if any. */
  errorId?: string;
};

export function OtpInput({ id, length, value, onChange, disabled, autoFocus, errorId }: Props) {
  return (
    <OTPInput
      id={id}
      maxLength={length}
      value={value}
      onChange={onChange}
      pattern={REGEXP_ONLY_DIGITS}
      pasteTransformer={digitsOnly}
      // No room pushed for password-manager badges: the boxes keep their width on a 375 px phone.
      pushPasswordManagerStrategy="none"
      inputMode="numeric"
      autoComplete="one-time-code"
      disabled={disabled}
      autoFocus={autoFocus}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      containerClassName="flex items-center has-[:disabled]:opacity-50"
      render={({ slots }) => (
        // The boxes only draw the input's value; assistive technology reads the input itself.
        <div className="flex gap-2" aria-hidden>
          {slots.map((slot, i) => (
            <Slot key={i} {...slot} invalid={Boolean(errorId)} />
          ))}
        </div>
      )}
    />
  );
}

function Slot({ char, placeholderChar, isActive, hasFakeCaret, invalid }: SlotProps & { invalid: boolean }) {
  return (
    <div
      className={cn(
        "relative flex h-12 w-10 items-center justify-center rounded-md border border-input bg-background font-mono text-2xl shadow-xs transition-shadow",
        isActive && "z-10 border-ring ring-[3px] ring-ring/50",
        invalid && "border-destructive",
      )}
    >
      {char ?? <span className="text-muted-foreground">{placeholderChar}</span>}
      {hasFakeCaret && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <div className="h-6 w-px animate-pulse bg-foreground" />
        </div>
      )}
    </div>
  );
}
