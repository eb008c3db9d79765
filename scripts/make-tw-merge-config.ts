// Writes lib/tw-merge-config.ts: tailwind-merge's default configuration cut down to the class groups
// our sources use (scripts/lib/tw-merge-config.ts), so `cn` no longer ships the whole of it (issue
// 23). Run after adding a kind of Tailwind class that nothing used before, or after upgrading
// tailwind-merge (tests/unit/cn.test.ts fails until then): node --import tsx scripts/make-tw-merge-config.ts
import { writeFileSync } from "node:fs";
import path from "node:path";
import { GENERATED_FILE, twMergeConfigFile } from "./lib/tw-merge-config";

const projectDir = path.join(__dirname, "..");
const out = path.join(projectDir, GENERATED_FILE);
writeFileSync(out, twMergeConfigFile(projectDir));
console.log(`wrote ${out}`);
