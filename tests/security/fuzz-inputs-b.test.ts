/** @jest-environment node */
import { defineFuzzSuite, fuzzFiles, isPlatformWide } from "./support/fuzz-suite";

// Issue 11, item 3 (second half of the route files): see fuzz-inputs-a.test.ts.
describe("malformed inputs, part B", () => {
  defineFuzzSuite(fuzzFiles(1), (e) => !isPlatformWide(e));
});
