/** @jest-environment node */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// Issue 17: lib/ledger/ is the only writer of ledger rows and balances. This reads every source
// file of the app (app/, lib/, components/, scripts/) and fails if any file outside lib/ledger/
// writes the points_ledger table or customers."totalPoints" / "lifetimeSpentPence", by SQL or by
// Prisma. Seeds and benches build fixtures and are not the app; tests are not scanned.

const ROOT = path.resolve(__dirname, "../..");
const SCANNED = ["app", "lib", "components", "scripts", "middleware.ts"];
const LEDGER = "lib/ledger/";
// Removes the whole customer row (ledger included, by cascade): the super admin's permanent delete.
const WHOLE_ROW_DELETES = new Set(["lib/admin/admin-customers.ts"]);

function files(rel: string): string[] {
  const abs = path.join(ROOT, rel);
  let st;
  try {
    st = statSync(abs);
  } catch {
    return [];
  }
  if (st.isFile()) return /\.(ts|tsx|mjs|js)$/.test(rel) ? [rel] : [];
  return readdirSync(abs).flatMap((name) => (name === "node_modules" || name.startsWith(".") ? [] : files(`${rel}/${name}`)));
}

/** The text of each call `name(` ... `)` with balanced parentheses. */
function callArguments(source: string, name: RegExp): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(name)) {
    let depth = 0;
    let i = m.index! + m[0].length - 1;
    const start = i;
    for (; i < source.length; i++) {
      if (source[i] === "(") depth++;
      else if (source[i] === ")" && --depth === 0) break;
    }
    out.push(source.slice(start, i + 1));
  }
  return out;
}

const SQL_WRITES = [
  /INSERT\s+INTO\s+"?points_ledger/i,
  /UPDATE\s+"?points_ledger/i,
  /DELETE\s+FROM\s+"?points_ledger/i,
  /"totalPoints"\s*=(?!=)/,
  /"lifetimeSpentPence"\s*=(?!=)/,
  /TRUNCATE[^;`]*points_ledger/i,
];
const PRISMA_LEDGER_WRITE = /pointsLedgerEntry\s*\.\s*(create|createMany|createManyAndReturn|update|updateMany|upsert|delete|deleteMany)\s*\(/;
const PRISMA_CUSTOMER_WRITE = /\bcustomer\s*\.\s*(create|createMany|createManyAndReturn|update|updateMany|upsert)\s*\(/g;

function ledgerWrites(rel: string, source: string): string[] {
  if (rel.startsWith(LEDGER)) return [];
  const found: string[] = [];
  for (const re of SQL_WRITES) if (re.test(source)) found.push(`SQL ${re}`);
  if (PRISMA_LEDGER_WRITE.test(source)) found.push("prisma pointsLedgerEntry write");
  for (const args of callArguments(source, PRISMA_CUSTOMER_WRITE)) {
    if (/\b(totalPoints|lifetimeSpentPence)\b/.test(args)) found.push("prisma customer write of totalPoints/lifetimeSpentPence");
  }
  if (!WHOLE_ROW_DELETES.has(rel) && /\bcustomer\s*\.\s*(delete|deleteMany)\s*\(/.test(source)) found.push("prisma customer delete (cascades to the ledger)");
  return found.map((f) => `${rel}: ${f}`);
}

describe("one writer of the points ledger and balances (issue 17)", () => {
  it("no file outside lib/ledger/ writes points_ledger, totalPoints or lifetimeSpentPence", () => {
    const all = SCANNED.flatMap(files);
    expect(all.length).toBeGreaterThan(100);
    const offenders = all.flatMap((rel) => ledgerWrites(rel, readFileSync(path.join(ROOT, rel), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("the ledger module does write them (the scan would see it)", () => {
    const writers = files("lib/ledger").filter((rel) => ledgerWrites(rel.replace(LEDGER, "lib/elsewhere/"), readFileSync(path.join(ROOT, rel), "utf8")).length > 0);
    expect(writers.sort()).toEqual(["lib/ledger/apply-points.ts", "lib/ledger/forfeit-points.ts", "lib/ledger/record-in-one-statement.ts"]);
  });

  it("catches each kind of write", () => {
    const cases = [
      'await tx.pointsLedgerEntry.create({ data: {} })',
      'await tx.customer.update({ where: { id }, data: { totalPoints: 0 } })',
      'await db.customer.updateMany({ where: {}, data: { lifetimeSpentPence: { increment: 5 } } })',
      'tx.$executeRaw`UPDATE customers SET "totalPoints" = 0`',
      'tx.$executeRaw`INSERT INTO points_ledger (kind) VALUES (1)`',
    ];
    for (const c of cases) expect(ledgerWrites("lib/x.ts", c)).not.toEqual([]);
    expect(ledgerWrites("lib/x.ts", 'select: { totalPoints: true }; WHERE "totalPoints" >= 0')).toEqual([]);
  });
});
