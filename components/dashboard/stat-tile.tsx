import { Badge } from "@/components/ui/badge";
import { InlineIcon } from "@/components/ui/inline-icon";
import { badgeFor, type BadgeTone, type TileKey } from "@/lib/rules/badges";
import { StatTileFrame } from "@/components/dashboard/stat-tile-frame";

const BADGE_VARIANT: Record<BadgeTone, "success" | "secondary" | "outline"> = { celebrate: "success", good: "secondary", start: "outline" };

export type StatTileProps = { tileKey: TileKey; label: string; value: number; display: string; info: string };

/** One all-time tile: the figure, its motivational badge, and an info toggle that explains it (the
 *  toggle is the tile's client island, stat-tile-frame.tsx). */
export function StatTile({ tileKey, label, value, display, info }: StatTileProps) {
  const badge = badgeFor(tileKey, value);
  return (
    <StatTileFrame testId={`tile-${tileKey}`} label={label} info={info} infoIcon={<InlineIcon name="info" className="size-4" />}>
      <p className="truncate text-xl font-bold tabular-nums sm:text-2xl" title={display}>
        {display}
      </p>
      <Badge variant={BADGE_VARIANT[badge.tone]} className="max-w-full truncate">
        {badge.label}
      </Badge>
    </StatTileFrame>
  );
}
