// Cohort retention by join month as a plain SVG grid: one row per join month, one cell per month
// after joining, shaded by the share of the cohort who bought that month. No chart library.
export type Cohort = { month: string; size: number; retention: (number | null)[] };

const CELL_W = 56;
const CELL_H = 26;
const LABEL_W = 110;

export function CohortChart({ cohorts }: { cohorts: Cohort[] }) {
  if (cohorts.length === 0) return <p className="text-sm text-muted-foreground">No members joined in the last 12 months.</p>;
  const offsets = cohorts[0].retention.length;
  const width = LABEL_W + offsets * CELL_W;
  const height = (cohorts.length + 1) * CELL_H;
  return (
    <svg role="img" aria-label="Cohort retention by join month" viewBox={`0 0 ${width} ${height}`} className="w-full max-w-2xl" style={{ fontSize: 11 }}>
      {Array.from({ length: offsets }, (_, i) => (
        <text key={i} x={LABEL_W + i * CELL_W + CELL_W / 2} y={CELL_H - 8} textAnchor="middle" fill="currentColor">{`+${i + 1} mo`}</text>
      ))}
      {cohorts.map((c, row) => (
        <g key={c.month} transform={`translate(0 ${(row + 1) * CELL_H})`}>
          <text x={0} y={CELL_H - 8} fill="currentColor">{`${c.month} (${c.size})`}</text>
          {c.retention.map((r, i) => (
            <g key={i} transform={`translate(${LABEL_W + i * CELL_W} 0)`}>
              <rect width={CELL_W - 2} height={CELL_H - 2} rx={3} fill={r === null ? "#eee" : "#0f6b6b"} fillOpacity={r === null ? 1 : 0.12 + 0.88 * r} />
              <text x={CELL_W / 2} y={CELL_H - 9} textAnchor="middle" fill={r !== null && r > 0.5 ? "#fff" : "currentColor"}>{r === null ? "" : `${Math.round(r * 100)}%`}</text>
            </g>
          ))}
        </g>
      ))}
    </svg>
  );
}
