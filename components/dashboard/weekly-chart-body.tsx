"use client";

import { useState, type ReactNode } from "react";
import { formatCount, formatDayLabel, formatWeekday } from "@/lib/rules/dashboard-format";
import { formatGBP } from "@/lib/rules/format";
import type { WeeklyFigures, WeeklyStats } from "@/lib/dashboard/types";

// The last 7 days as a small bar chart made of CSS bars (no chart library). The chart is one
// image to assistive tech (role="img" with a sentence that reads out every day), and every number
// is also on screen as text: the value above each bar and the week's totals underneath. The days
// come from the server with the page; this is the card's client island (the figure switch and the
// chart it drives), inside the card weekly-stats-chart.tsx renders on the server.

type Metric = keyof WeeklyFigures;

const METRICS: { key: Metric; label: string; format: (n: number) => string }[] = [
  { key: "transactions", label: "transactions", format: formatCount },
  { key: "revenue", label: "revenue", format: (pence) => formatGBP(pence) },
  { key: "signups", label: "sign-ups", format: formatCount },
  { key: "pointsEarned", label: "points earned", format: formatCount },
];

/** Short form for the label above a bar, so seven of them fit in 375 px. */
const shortValue = (metric: Metric, n: number) => (metric === "revenue" ? `£${formatCount(Math.round(n / 100))}` : formatCount(n));

/** The figure switch and the chart of the week; `placeholder` (the skeleton bars or the read's
 *  error, rendered by the server) stands in for the chart while there is no week to draw. */
export function WeeklyChartBody({ weekly, placeholder }: { weekly: WeeklyStats | undefined; placeholder: ReactNode }) {
  const [metric, setMetric] = useState<Metric>("transactions");
  const spec = METRICS.find((m) => m.key === metric)!;
  return (
    <>
      <div className="flex flex-wrap gap-1" role="group" aria-label="figure to chart">
        {METRICS.map((m) => (
          <button
            key={m.key}
            type="button"
            aria-pressed={m.key === metric}
            onClick={() => setMetric(m.key)}
            className={
              m.key === metric
                ? "rounded-full bg-primary px-3 py-1 text-xs font-medium text-primary-foreground"
                : "rounded-full border px-3 py-1 text-xs font-medium text-muted-foreground hover:bg-accent"
            }
          >
            {m.label}
          </button>
        ))}
      </div>

      {weekly ? (
        <>
          <div
            role="img"
            aria-label={`${spec.label} per day, last 7 days: ${weekly.days.map((d) => `${formatDayLabel(d.date)} ${spec.format(d[metric])}`).join(", ")}. total ${spec.format(weekly.totals[metric])}.`}
            className="flex h-44 items-stretch gap-1.5 sm:gap-2"
          >
            {weekly.days.map((d, _, days) => {
              const max = Math.max(1, ...days.map((x) => x[metric]));
              const pct = (d[metric] / max) * 100;
              return (
                <div key={d.date} className="flex min-w-0 flex-1 flex-col items-center gap-1" data-testid={`bar-${d.date}`}>
                  <span className="text-[11px] font-medium tabular-nums sm:text-xs">{shortValue(metric, d[metric])}</span>
                  <div className="flex w-full flex-1 items-end">
                    <div
                      className="w-full rounded-t-md bg-primary transition-[height] duration-300"
                      style={{ height: `${d[metric] > 0 ? Math.max(pct, 3) : 0}%` }}
                    />
                  </div>
                  <span className="text-[11px] text-muted-foreground sm:text-xs" title={formatDayLabel(d.date)}>
                    {formatWeekday(d.date)}
                  </span>
                </div>
              );
            })}
          </div>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            {METRICS.map((m) => (
              <div key={m.key} className="min-w-0 rounded-md bg-muted/50 px-2 py-1.5">
                <dt className="truncate text-xs text-muted-foreground">{m.label}</dt>
                <dd className="font-semibold tabular-nums">{m.format(weekly.totals[m.key])}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        placeholder
      )}
    </>
  );
}
