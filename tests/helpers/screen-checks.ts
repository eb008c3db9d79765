import { screen } from "@testing-library/react";

// Assertions that component tests make again and again, each kept to what it says.

type TextScope = { getByText: (text: string) => HTMLElement };

/** A toast (or alert) with this title appears, carrying this message. */
export async function expectToast(title: string, message: string) {
  expect(await screen.findByText(title)).toBeInTheDocument();
  expect(screen.getByText(message)).toBeInTheDocument();
}

/** Every one of these texts is shown within the scope (the whole screen by default). */
export function expectTexts(texts: readonly string[], scope: TextScope = screen) {
  for (const text of texts) expect(scope.getByText(text)).toBeInTheDocument();
}
