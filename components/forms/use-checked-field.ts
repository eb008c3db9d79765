"use client";

import { useState, type ChangeEvent } from "react";
import type { z } from "zod";

/** One controlled text field checked by a zod schema on submit: its value, the error shown beside
 *  it, and `check()`, which shows the schema's first message or clears it. */
export function useCheckedField<S extends z.ZodType>(schema: S, initial = "") {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  /** The parsed value (in `data`), or null with the message shown by the field. */
  const check = (): { data: z.output<S> } | null => {
    const parsed = schema.safeParse(value);
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    return parsed.success ? { data: parsed.data } : null;
  };
  /** The props of its FormField. */
  const field = { value, onChange: (e: ChangeEvent<HTMLInputElement>) => setValue(e.target.value), error };
  return { value, setValue, error, check, field };
}
