import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { InlineIcon } from "@/components/ui/inline-icon";
import { formatDate } from "@/lib/rules/format";
import type { AchievementView } from "@/lib/onboarding/progress";

/** The four achievements: each unlocks when all of its steps are done and adds its bonus points. */
export function AchievementsCard({ achievements }: { achievements: AchievementView[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>achievements</CardTitle>
        <CardDescription>bonus points for finishing groups of steps.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2">
          {achievements.map((a) => (
            <li key={a.id} data-testid={`achievement-${a.id}`} data-unlocked={a.unlocked || undefined} className={a.unlocked ? "flex gap-3 rounded-lg border border-success bg-success/10 p-3" : "flex gap-3 rounded-lg border border-dashed bg-muted/30 p-3"}>
              {a.unlocked ? <InlineIcon name="trophy" className="mt-0.5 size-5 shrink-0 text-success" /> : <InlineIcon name="lock" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />}
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{a.title}</span>
                  <Badge variant={a.unlocked ? "success" : "outline"}>+{a.points} points</Badge>
                </div>
                <p className="text-sm text-muted-foreground">{a.description}</p>
                <p className="text-xs text-muted-foreground">{a.unlocked && a.unlockedAt ? `unlocked ${formatDate(a.unlockedAt)}` : "locked"}</p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
