"use client";

import { useState, type FormEvent } from "react";
import type { z } from "zod";

// Issue 23: the light forms of the public pages (sign-in screens, customer preferences) carry no
// zod and no form library in their first load. They check their values against the route's own
// zod schema (lib/validation/*, the spec's messages: still the only rules), imported when the form
// is first focused (`load`), so it is ready by the time the form is sent.

/** The first message of each field that failed, by its top-level name. */
export type FieldErrors = Record<string, string | undefined>;

export async function checkLazily<S extends z.ZodType>(load: () => Promise<S>, values: z.input<S>): Promise<{ data: z.output<S> } | { errors: FieldErrors }> {
  const parsed = (await load()).safeParse(values);
  if (parsed.success) return { data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { errors };
}

/** Values, field errors and the pending state of a form checked by `load`'s schema; `send` gets
 *  the parsed values, reports its own failures, and may return the values to show next (what the
 *  server stored). Spread `form` on the <form>, `text(name)` on a FormField. */
export function useLightForm<S extends z.ZodType<unknown, Record<string, unknown>>>(load: () => Promise<S>, initial: z.input<S>, send: (data: z.output<S>) => Promise<z.input<S> | void>) {
  const [values, setValues] = useState<z.input<S>>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = await checkLazily(load, values);
    if ("errors" in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const next = await send(checked.data);
      if (next) setValues(next);
    } finally {
      setPending(false);
    }
  };

  const text = (name: keyof z.input<S> & string) => ({
    name,
    value: String(values[name] ?? ""),
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: errors[name],
  });

  return { values, setValues, errors, pending, text, form: { noValidate: true, onSubmit: (e: FormEvent) => void submit(e), onFocus: () => void load() } };
}
