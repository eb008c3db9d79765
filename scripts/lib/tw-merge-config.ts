// tailwind-merge's own default configuration cut down to the class groups our sources use
// (scripts/make-tw-merge-config.ts writes it to lib/tw-merge-config.ts; tests/unit/cn.test.ts checks
// the committed copy is still what our sources need and that cn gives what twMerge gives). The full
// configuration is 6.5 of the 8.5 kB gzipped that tailwind-merge put in the first load of every page
// with a client `cn` (issue 23); the merge engine itself stays tailwind-merge's.
//
// Why a cut-down configuration merges exactly like the full one for our classes: twMerge looks each
// class's base (modifiers and "!" parsed off by the engine) up in a trie built from the class groups,
// then drops earlier classes with the same modifiers whose group is the same or conflicting. A
// group is kept when any class of ours is found in it with that group alone (so every group the
// full lookup can return for our classes is kept); the lookup only ever fails more on a subset of
// the trie, so it returns the same group for our classes; conflicts are only ever compared with
// groups our classes are in. Classes not in our sources are not covered: the test fails until this
// is regenerated.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createTailwindMerge, getDefaultConfig, validators, type Config } from "tailwind-merge";

type AnyConfig = Config<string, string>;

/** Where our class names are written. The generated file itself is left out (its strings are group ids). */
const SOURCE_DIRS = ["app", "components", "hooks", "lib"];
export const GENERATED_FILE = path.join("lib", "tw-merge-config.ts");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(tsx?|mjs)$/.test(name) ? [file] : [];
  });
}

/** Every whitespace- or quote-separated word of our sources: a superset of the class names in them
 *  (Tailwind finds classes the same way; a class built at run time from pieces gets no CSS either). */
export function sourceWords(projectDir: string): string[] {
  const words = new Set<string>();
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(path.join(projectDir, dir))) {
      if (path.relative(projectDir, file) === GENERATED_FILE) continue;
      for (const word of readFileSync(file, "utf8").split(/[\s"'`]+/)) if (word) words.add(word);
    }
  }
  return [...words].sort();
}

/** The strings twMerge looks up for these words: each base class, and the base without its "/postfix". */
export function lookedUpBases(words: string[]): string[] {
  const bases = new Set<string>();
  const recordingMerge = createTailwindMerge(() => ({
    ...getDefaultConfig(),
    experimentalParseClassName: ({ className, parseClassName }) => {
      const parsed = parseClassName(className);
      bases.add(parsed.baseClassName);
      if (parsed.maybePostfixModifierPosition) bases.add(parsed.baseClassName.substring(0, parsed.maybePostfixModifierPosition));
      return parsed;
    },
  }));
  for (const word of words) recordingMerge(word);
  bases.delete("");
  return [...bases].sort();
}

/** The class groups any of the bases is found in (each group tried alone). */
export function usedClassGroups(bases: string[], full: AnyConfig = getDefaultConfig()): string[] {
  const fullMerge = createTailwindMerge(() => full);
  const noGroups = createTailwindMerge(() => ({ ...full, classGroups: {}, conflictingClassGroups: {}, conflictingClassGroupModifiers: {} }));
  // A class found in any group is deduplicated by the full configuration; the rest are not classes.
  // Arbitrary properties ("[overflow-wrap:anywhere]") are grouped by the engine itself, with no group.
  const classes = bases.filter((b) => !/\s/.test(b) && fullMerge(`${b} ${b}`) === b && noGroups(`${b} ${b}`) !== b);
  return Object.keys(full.classGroups).filter((group) => {
    const alone = createTailwindMerge(() => ({
      ...full,
      classGroups: { [group]: full.classGroups[group] },
      conflictingClassGroups: {},
      conflictingClassGroupModifiers: {},
    }));
    return classes.some((c) => alone(`${c} ${c}`) === c);
  });
}

/** The full configuration restricted to the given class groups (and the theme scales they read). */
export function prunedConfig(groups: string[], full: AnyConfig = getDefaultConfig()): AnyConfig {
  const keep = new Set(groups);
  const restrict = (conflicts: Record<string, readonly string[] | undefined>) =>
    Object.fromEntries(
      Object.entries(conflicts)
        .filter(([group]) => keep.has(group))
        .map(([group, others]) => [group, (others ?? []).filter((o) => keep.has(o))] as const)
        .filter(([, others]) => others.length > 0),
    );
  const classGroups = Object.fromEntries(Object.entries(full.classGroups).filter(([group]) => keep.has(group)));
  const themeKeys = new Set<string>();
  const collectThemeKeys = (value: unknown): void => {
    if (typeof value === "function") {
      const key = themeKeyOf(value);
      if (key !== undefined && !themeKeys.has(key)) {
        themeKeys.add(key);
        collectThemeKeys(full.theme[key]);
      }
    } else if (Array.isArray(value)) value.forEach(collectThemeKeys);
    else if (value && typeof value === "object") Object.values(value).forEach(collectThemeKeys);
  };
  collectThemeKeys(classGroups);
  return {
    cacheSize: full.cacheSize,
    theme: Object.fromEntries(Object.entries(full.theme).filter(([key]) => themeKeys.has(key))),
    classGroups,
    conflictingClassGroups: restrict(full.conflictingClassGroups),
    conflictingClassGroupModifiers: restrict(full.conflictingClassGroupModifiers),
    postfixLookupClassGroups: (full.postfixLookupClassGroups ?? []).filter((g) => keep.has(g)),
    orderSensitiveModifiers: full.orderSensitiveModifiers,
  };
}

/** fromTheme(key) returns `theme => theme[key] || []`: ask it which key it reads. */
function themeKeyOf(fn: unknown): string | undefined {
  if (typeof fn !== "function" || !(fn as { isThemeGetter?: boolean }).isThemeGetter) return undefined;
  let read: string | undefined;
  (fn as (theme: object) => unknown)(new Proxy({}, { get: (_, key) => ((read = String(key)), undefined) }));
  return read;
}

const validatorNames = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));

/** The configuration as TypeScript source: validators and theme getters by name. */
export function configSource(config: AnyConfig): string {
  const write = (value: unknown): string => {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return JSON.stringify(value);
    if (typeof value === "function") {
      const key = themeKeyOf(value);
      if (key !== undefined) return `t(${JSON.stringify(key)})`;
      const name = validatorNames.get(value);
      if (name) return `v.${name}`;
      throw new Error(`tailwind-merge's configuration has a function that is neither a validator nor a theme getter: ${String(value)}`);
    }
    if (Array.isArray(value)) return `[${value.map(write).join(",")}]`;
    if (value && typeof value === "object") {
      return `{${Object.entries(value)
        .map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}:${write(v)}`)
        .join(",")}}`;
    }
    throw new Error(`cannot write ${String(value)}`);
  };
  const body = Object.entries(config)
    .map(([key, value]) => `  ${key}: ${write(value)},`)
    .join("\n");
  return [
    "// Generated by scripts/make-tw-merge-config.ts from tailwind-merge's default configuration and the",
    "// class names in app/, components/, hooks/ and lib/ (scripts/lib/tw-merge-config.ts says why it",
    "// merges our classes exactly as twMerge does). Do not edit; run: node --import tsx scripts/make-tw-merge-config.ts",
    'import { fromTheme as t, validators as v, type Config } from "tailwind-merge";',
    "",
    "export const twMergeConfig: Config<string, string> = {",
    body,
    "};",
    "",
  ].join("\n");
}

/** What lib/tw-merge-config.ts should hold for the sources in projectDir. */
export function twMergeConfigFile(projectDir: string): string {
  return configSource(prunedConfig(usedClassGroups(lookedUpBases(sourceWords(projectDir)))));
}
