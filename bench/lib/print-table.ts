// The one table `npm run bench` prints: each figure, its same-run reference, the budget, met or not.
import type { BenchRow } from "./results";

const fmt = (v: number, unit: string) => `${Number.isInteger(v) ? v : v.toFixed(unit === "ms" ? 2 : 1)} ${unit}`;

export function printTable(rows: BenchRow[]) {
  const head = ["group", "figure", "value", "reference", "budget", "met", "note"];
  const lines = rows.map((r) => [
    r.group,
    r.name,
    fmt(r.value, r.unit),
    r.reference ? `${fmt(r.reference.value, r.reference.unit)} (${r.reference.label})` : "",
    r.budget ?? "",
    r.met === null ? "-" : r.met ? "met" : "NOT MET",
    r.note ?? "",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ").trimEnd();
  console.log(`\n${line(head)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const l of lines) console.log(line(l));
}
