/** @jest-environment node */
import fs from "node:fs";
import { db } from "@/lib/db";
import { defineFuzzSuite, isPlatformWide } from "./support/fuzz-suite";
import { routeFiles } from "./support/routes";

// Issue 11, item 3, for the endpoints that can change the whole platform (the admin routes: system
// settings such as maintenance mode, every business's trial, broadcasts, any business by id): alone
// and in band, after the parallel files, with the settings put back after every input (an input may pause sign-ups or switch
// maintenance mode on, which would stop the next inputs at the door).
let settings: Awaited<ReturnType<typeof db.systemSettings.findFirst>>;
beforeAll(async () => {
  settings = await db.systemSettings.findFirst({ where: { id: 1 } });
});
async function restoreSettings() {
  if (settings) await db.systemSettings.update({ where: { id: 1 }, data: settings });
  else await db.systemSettings.deleteMany({});
}
afterAll(restoreSettings);

describe("malformed inputs, platform-wide endpoints", () => {
  defineFuzzSuite(
    // One case per route file with an admin handler (read from the source: cases are listed before any import).
    routeFiles().filter((f) => fs.readFileSync(f.file, "utf8").includes("adminRoute(")),
    isPlatformWide,
    restoreSettings,
  );
});
