/** @jest-environment node */
import { defineFuzzSuite, fuzzFiles, isPlatformWide } from "./support/fuzz-suite";

// Issue 11, item 3 (first half of the route files): >= 200 generated malformed inputs per endpoint
// with a body or query, as the audience it serves: zero 5xx, and no invalid rows afterwards.
describe("malformed inputs, part A", () => {
  defineFuzzSuite(fuzzFiles(0), (e) => !isPlatformWide(e));
});
