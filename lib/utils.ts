import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge } from "tailwind-merge";
import { twMergeConfig } from "@/lib/tw-merge-config";

// tailwind-merge's engine with its configuration cut down to the class groups our sources use
// (lib/tw-merge-config.ts, generated): the full configuration was most of the 8.5 kB gzipped that
// every page with a client `cn` loaded first (issue 23). tests/unit/cn.test.ts checks it merges our
// classes exactly as twMerge does and that the cut-down configuration is up to date.
const merge = createTailwindMerge(() => twMergeConfig);

/** Joins class names and lets later Tailwind classes override earlier ones (`px-2` + `px-4` = `px-4`). */
export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}
