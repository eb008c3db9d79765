import path from "node:path";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge, getDefaultConfig, twMerge } from "tailwind-merge";
import { cn } from "@/lib/utils";
import { twMergeConfig } from "@/lib/tw-merge-config";
import { configSource, GENERATED_FILE, lookedUpBases, prunedConfig, sourceWords, usedClassGroups } from "../../scripts/lib/tw-merge-config";

// cn merges with a cut-down tailwind-merge configuration (issue 23): it must give exactly what
// twMerge gives for every class our sources write, with the modifiers they write them with.
const projectDir = path.join(__dirname, "..", "..");
const words = sourceWords(projectDir);
/** The words of our sources that tailwind-merge takes for Tailwind classes, as written (with modifiers). */
const classWords = words.filter((w) => twMerge(`${w} ${w}`) === w);
/** The class bases twMerge looks up for them (no modifiers), each a Tailwind class. */
const bases = lookedUpBases(classWords).filter((b) => twMerge(`${b} ${b}`) === b);
/** Every modifier our sources write ("hover", "md", "data-[state=open]", ...). */
const modifiers = (() => {
  const found = new Set<string>();
  const recording = createTailwindMerge(() => ({
    ...getDefaultConfig(),
    experimentalParseClassName: ({ className, parseClassName }) => {
      const parsed = parseClassName(className);
      parsed.modifiers.forEach((m) => found.add(m));
      return parsed;
    },
  }));
  classWords.forEach((w) => recording(w));
  return [...found].sort();
})();
const full = (...inputs: ClassValue[]) => twMerge(clsx(inputs));

describe("cn", () => {
  it("finds our classes in the sources (the scan works)", () => {
    expect(classWords).toEqual(expect.arrayContaining(["px-4", "text-muted-foreground", "hover:bg-accent", "focus-visible:ring-2", "disabled:opacity-50"]));
    expect(modifiers).toEqual(expect.arrayContaining(["hover", "sm", "focus-visible", "disabled"]));
    expect(bases.length).toBeGreaterThan(300);
  });

  // A group more than needed only costs bytes (another change may have just stopped using it).
  it("ships every class group our sources use, as the installed tailwind-merge defines it (else: node --import tsx scripts/make-tw-merge-config.ts)", () => {
    const shipped = Object.keys(twMergeConfig.classGroups);
    expect(usedClassGroups(lookedUpBases(words)).filter((group) => !shipped.includes(group))).toEqual([]);
    expect(readFileSync(path.join(projectDir, GENERATED_FILE), "utf8")).toBe(configSource(prunedConfig(shipped)));
  });

  it("merges every pair of our class bases as twMerge does, in both orders", () => {
    const differing: string[] = [];
    for (const a of bases) {
      for (const b of bases) {
        if (cn(a, b) !== full(a, b)) differing.push(`${a} ${b}: ${cn(a, b)} vs ${full(a, b)}`);
      }
    }
    expect(differing.slice(0, 20)).toEqual([]);
  });

  it("gives twMerge's answer for any list of our classes with our modifiers, important marks and other names", () => {
    const word = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...classWords) },
      { weight: 3, arbitrary: fc.tuple(fc.subarray(modifiers, { maxLength: 2 }), fc.constantFrom(...bases), fc.constantFrom("", "!")).map(([m, b, i]) => [...m, `${b}${i}`].join(":")) },
      { weight: 1, arbitrary: fc.constantFrom("group", "peer", "my-widget", "is-active", "") },
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(word, fc.array(word, { maxLength: 3 }), fc.constant(undefined), fc.constant(false)), { maxLength: 10 }), (inputs) => {
        expect(cn(...inputs)).toBe(full(...inputs));
      }),
      { numRuns: 3000 },
    );
  });

  it("keeps the usual examples", () => {
    expect(cn("px-2 py-1", "px-4")).toBe("py-1 px-4");
    expect(cn("text-sm text-muted-foreground", "text-destructive")).toBe("text-sm text-destructive");
    expect(cn("h-10 w-full", false && "hidden", "md:w-1/2")).toBe("h-10 w-full md:w-1/2");
    expect(cn("p-2 bg-primary/90", "bg-background")).toBe("p-2 bg-background");
  });
});
