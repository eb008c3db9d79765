// The classes of the switch, checkbox and label primitives (components/ui/switch.tsx, checkbox.tsx,
// label.tsx), in a module that is not a client module, so a server-rendered first screen draws the
// same controls before their code has loaded (components/ui/static-controls.tsx, issue 23).

export const SWITCH_CLASS = [
  "peer inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-transparent shadow-xs transition-all outline-none",
  "focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50",
  "data-[state=checked]:bg-primary data-[state=unchecked]:bg-input",
].join(" ");

export const SWITCH_THUMB_CLASS =
  "pointer-events-none block size-4 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-[calc(100%-2px)] data-[state=unchecked]:translate-x-0.5";

export const CHECKBOX_CLASS = [
  "peer size-4 shrink-0 rounded-[4px] border border-input bg-background shadow-xs transition-shadow outline-none",
  "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50",
  "data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground",
  "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
].join(" ");

export const CHECKBOX_INDICATOR_CLASS = "flex items-center justify-center text-current";

export const LABEL_CLASS = [
  "flex items-center gap-2 text-sm leading-none font-medium select-none",
  "group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
].join(" ");
