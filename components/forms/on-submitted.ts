import type { FormEvent } from "react";

/** A form's onSubmit that keeps the page where it is (no browser submit) and runs `run`. */
export const onSubmitted = (run: () => void) => (event: FormEvent) => {
  event.preventDefault();
  run();
};
