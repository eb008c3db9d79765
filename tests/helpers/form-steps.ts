import { screen } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";

// Steps that component tests take on forms again and again.

type Typist = Pick<UserEvent, "clear" | "type">;

/** Replaces what a field holds with new text: clear it, then type (a corrected entry after an error). */
export async function retype(user: Typist, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

/** Types each value into the field with that label (an empty value leaves its field alone), then
 *  presses the button: a form filled in and sent. */
export async function fillAndSubmit(values: Record<string, string>, button: string, user: Pick<UserEvent, "type" | "click"> = userEvent) {
  for (const [label, value] of Object.entries(values)) if (value) await user.type(screen.getByLabelText(label), value);
  await user.click(screen.getByRole("button", { name: button }));
}
