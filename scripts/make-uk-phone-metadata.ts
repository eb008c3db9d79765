// Writes lib/rules/uk-phone-metadata.json: libphonenumber-js's own "min" metadata cut down to the
// countries that share +44 (GB, GG, IM, JE), the only ones lib/rules/uk-phone.ts parses. The full
// metadata (every country, 83 kB) was 18 kB of gzipped JavaScript in the first load of every page
// with a phone field (issue 23). Run after upgrading libphonenumber-js (tests/unit/uk-phone.test.ts
// fails until then): node --import tsx scripts/make-uk-phone-metadata.ts
import { writeFileSync } from "node:fs";
import path from "node:path";
import { ukPhoneMetadata } from "./lib/uk-phone-metadata";

const out = path.join(__dirname, "..", "lib", "rules", "uk-phone-metadata.json");
writeFileSync(out, `${JSON.stringify(ukPhoneMetadata())}\n`);
console.log(`wrote ${out}`);
