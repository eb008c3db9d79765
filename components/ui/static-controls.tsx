import type { ReactNode } from "react";
import { CHECKBOX_CLASS, CHECKBOX_INDICATOR_CLASS, LABEL_CLASS, SWITCH_CLASS, SWITCH_THUMB_CLASS } from "@/components/ui/form-control-classes";

// A switch, a checkbox and a label as the server draws them (the markup Radix renders, without its
// code), for first screens that a client screen takes over (components/ui/takeover.tsx, issue 23).
// A press on one is replayed on the live control with the same data-takeover-key. Not a client module.

type Keyed = { id?: string; "data-takeover-key"?: string };

export function StaticSwitch({ checked, ...rest }: Keyed & { checked: boolean }) {
  const state = checked ? "checked" : "unchecked";
  return (
    <button type="button" role="switch" aria-checked={checked} data-state={state} value="on" data-slot="switch" className={SWITCH_CLASS} {...rest}>
      <span data-state={state} data-slot="switch-thumb" className={SWITCH_THUMB_CLASS} />
    </button>
  );
}

export function StaticCheckbox({ checked, ...rest }: Keyed & { checked: boolean }) {
  const state = checked ? "checked" : "unchecked";
  return (
    <button type="button" role="checkbox" aria-checked={checked} data-state={state} value="on" data-slot="checkbox" className={CHECKBOX_CLASS} {...rest}>
      {checked && (
        <span data-state={state} data-slot="checkbox-indicator" className={CHECKBOX_INDICATOR_CLASS} style={{ pointerEvents: "none" }}>
          {/* lucide's check, as components/ui/checkbox.tsx draws it */}
          <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="lucide lucide-check size-3.5" aria-hidden="true">
            <path d="M20 6 9 17l-5-5" />
          </svg>
        </span>
      )}
    </button>
  );
}

export function StaticLabel({ htmlFor, children }: { htmlFor?: string; children: ReactNode }) {
  return (
    <label data-slot="label" htmlFor={htmlFor} className={LABEL_CLASS}>
      {children}
    </label>
  );
}
