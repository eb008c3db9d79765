import { render } from "@testing-library/react";
import * as lucide from "lucide-react";
import type { ComponentType } from "react";
import { INLINE_ICON_NAMES, InlineIcon } from "@/components/ui/inline-icon";

// The server-drawn icons must be the markup lucide-react renders, so swapping one for the other
// changes nothing on the page.

const pascal = (kebab: string) => kebab.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
const markup = (node: React.ReactElement) => render(node).container.innerHTML;

describe("InlineIcon", () => {
  it.each(INLINE_ICON_NAMES)("%s draws what lucide-react draws", (name) => {
    const Lucide = (lucide as unknown as Record<string, ComponentType<{ className?: string; "aria-hidden"?: boolean }>>)[pascal(name)];
    expect(Lucide).toBeDefined();
    expect(markup(<InlineIcon name={name} className="h-4 w-4" />)).toBe(markup(<Lucide className="h-4 w-4" aria-hidden />));
    expect(markup(<InlineIcon name={name} />)).toBe(markup(<Lucide />));
  });
});
