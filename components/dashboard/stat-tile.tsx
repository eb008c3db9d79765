"use client";

import { useId, useState } from "react";
import { InlineIcon } from "@/components/ui/inline-icon";
import { Badge } from "@/components/ui/badge";
import { badgeFor, type BadgeTone, type TileKey } from "@/lib/rules/badges";
import { cn } from "@/lib/utils";

const BADGE_VARIANT: Record<BadgeTone, "success" | "secondary" | "outline"> = { celebrate: "success", good: "secondary", start: "outline" };

export type StatTileProps = { tileKey: TileKey; label: string; value: number; display: string; info: string };

/** One all-time tile: the figure, its motivational badge, and an info toggle that explains it. */
export function StatTile({ tileKey, label, value, display, info }: StatTileProps) {
  const [showInfo, setShowInfo] = useState(false);
  const infoId = useId();
  const badge = badgeFor(tileKey, value);
  return (
    <div className="flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-3 shadow-sm sm:p-4" data-testid={`tile-${tileKey}`}>
      <div className="flex items-start justify-between gap-1">
        <h3 className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</h3>
        <button
          type="button"
          aria-expanded={showInfo}
          aria-controls={infoId}
          aria-label={`about ${label}`}
          onClick={() => setShowInfo((s) => !s)}
          className={cn("-m-1 rounded-full p-1 text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none", showInfo && "text-primary")}
        >
          <InlineIcon name="info" className="size-4" />
        </button>
      </div>
      <p className="truncate text-xl font-bold tabular-nums sm:text-2xl" title={display}>
        {display}
      </p>
      <Badge variant={BADGE_VARIANT[badge.tone]} className="max-w-full truncate">
        {badge.label}
      </Badge>
      <p id={infoId} hidden={!showInfo} className="text-xs text-muted-foreground">
        {info}
      </p>
    </div>
  );
}
