"use client";

import { useId, useState, type ReactNode } from "react";

// A tile's frame with its info toggle: the one part of an all-time tile that runs in the browser
// (the figure and badge are rendered by the server and passed in). The toggle's classes are written
// out, closed and open, as cn() gave them (open: "text-primary" replaces "text-muted-foreground"),
// so no class merging runs in the browser.
const TOGGLE_CLOSED = "-m-1 rounded-full p-1 text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";
const TOGGLE_OPEN = "-m-1 rounded-full p-1 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none text-primary";

export function StatTileFrame({ testId, label, info, infoIcon, children }: { testId: string; label: string; info: string; infoIcon: ReactNode; children: ReactNode }) {
  const [showInfo, setShowInfo] = useState(false);
  const infoId = useId();
  return (
    <div className="flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-3 shadow-sm sm:p-4" data-testid={testId}>
      <div className="flex items-start justify-between gap-1">
        <h3 className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</h3>
        <button
          type="button"
          aria-expanded={showInfo}
          aria-controls={infoId}
          aria-label={`about ${label}`}
          onClick={() => setShowInfo((s) => !s)}
          className={showInfo ? TOGGLE_OPEN : TOGGLE_CLOSED}
        >
          {infoIcon}
        </button>
      </div>
      {children}
      <p id={infoId} hidden={!showInfo} className="text-xs text-muted-foreground">
        {info}
      </p>
    </div>
  );
}
