// Jest global teardown: drops the run's throwaway database or stops its in-memory PGlite.
import fs from "node:fs";
import { dropDatabase, testDbState } from "./test-db";
import { assertLedgerInvariant } from "./ledger-invariant";

export default async function globalTeardown(): Promise<void> {
  const state = testDbState.get();
  if (!state) return;
  testDbState.set(undefined);
  fs.rmSync(state.file, { force: true });
  let invariant: unknown;
  try {
    await assertLedgerInvariant(state.url);
  } catch (e) {
    invariant = e;
  }
  if (state.kind === "pglite") await state.db.stop();
  else await dropDatabase(state.adminUrl, state.database);
  if (invariant) throw invariant;
}
