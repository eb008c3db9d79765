import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { InlineIcon } from "@/components/ui/inline-icon";
import { cn } from "@/lib/utils";
import { formatDate } from "@/lib/rules/format";
import { AchievementsCard } from "@/components/onboarding/achievements-card";
import type { SetupProgress, SetupStepKey, SetupStepView } from "@/lib/onboarding/progress";

// The onboarding checklist's parts (spec 3 sections 2, 4 and 9), drawn by both the server's first
// screen (onboarding-screen.tsx) and the live checklist that takes it over after load
// (onboarding-checklist.tsx), so the two cannot differ. Not a client module: the server draws them
// without shipping their code. A manual step's button carries a takeover key, so a press made before
// the live checklist has loaded is replayed on it (components/ui/takeover.tsx).

/** What the live checklist adds to the steps' buttons; the server's screen has none. */
export type Completing = { pending: SetupStepKey | null; disabled: boolean; onComplete: (stepId: SetupStepKey) => void };

export const completeKey = (stepId: SetupStepKey) => `complete:${stepId}`;

export function ChecklistHeading() {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">setup checklist</h1>
      <p className="text-sm text-muted-foreground">seven steps to get your loyalty programme running. each one earns points, and achievements earn bonus points.</p>
    </div>
  );
}

export function ChecklistBody({ progress, completing }: { progress: SetupProgress; completing?: Completing }) {
  return (
    <>
      <PointsSummary progress={progress} />
      {progress.allComplete && <CongratulationsCard totalPoints={progress.totalPoints} />}
      <ol className="space-y-3" aria-label="Setup steps">
        {progress.steps.map((step, i) => (
          <StepItem key={step.id} step={step} number={i + 1} highlighted={step.id === progress.nextStepId} completing={completing} />
        ))}
      </ol>
      <AchievementsCard achievements={progress.achievements} />
    </>
  );
}

function PointsSummary({ progress }: { progress: SetupProgress }) {
  const percent = Math.round((progress.completedCount / progress.totalSteps) * 100);
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center gap-4 pt-6">
        <div className="min-w-0 flex-1">
          <p className="text-sm text-muted-foreground">
            {progress.completedCount} of {progress.totalSteps} steps complete
          </p>
          <div className="mt-2 h-2 w-full overflow-hidden rounded-full bg-muted" role="progressbar" aria-label="Setup progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${percent}%` }} />
          </div>
        </div>
        <div className="text-right">
          <p className="text-3xl font-bold" data-testid="setup-total-points">
            {progress.totalPoints}
          </p>
          <p className="text-xs text-muted-foreground">of {progress.maxPoints} points</p>
        </div>
      </CardContent>
    </Card>
  );
}

export function CongratulationsCard({ totalPoints }: { totalPoints: number }) {
  return (
    <Card className="border-success bg-success/10" data-testid="setup-congratulations">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <InlineIcon name="party-popper" className="size-5 text-success" />
          congratulations, you&apos;re all set up!
        </CardTitle>
        <CardDescription>you completed all seven setup steps and earned {totalPoints} points. your loyalty programme is ready to grow.</CardDescription>
      </CardHeader>
    </Card>
  );
}

function StepItem({ step, number, highlighted, completing }: { step: SetupStepView; number: number; highlighted: boolean; completing?: Completing }) {
  const variant = highlighted ? "default" : "outline";
  const buttonClass = cn(buttonVariants({ size: "sm", variant }));
  const pending = completing?.pending === step.id;
  return (
    <li
      aria-current={highlighted ? "step" : undefined}
      data-highlighted={highlighted || undefined}
      data-testid={`setup-step-${step.id}`}
      className={
        highlighted
          ? "flex flex-wrap items-start gap-3 rounded-lg border-2 border-primary bg-primary/5 p-4 shadow-sm"
          : "flex flex-wrap items-start gap-3 rounded-lg border bg-card p-4"
      }
    >
      <InlineIcon name={step.completed ? "circle-check" : "circle"} className={step.completed ? "mt-0.5 size-5 shrink-0 text-success" : "mt-0.5 size-5 shrink-0 text-muted-foreground"} />
      <div className="min-w-0 flex-1 basis-48">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-medium">
            <span className="sr-only">step {number}: </span>
            {step.title}
          </h2>
          <Badge variant={step.completed ? "success" : "secondary"}>{step.points} points</Badge>
          {highlighted && <Badge>next up</Badge>}
        </div>
        <p className="mt-1 text-sm text-muted-foreground">{step.description}</p>
        {step.completed && step.completedAt && <p className="mt-1 text-xs text-muted-foreground">completed {formatDate(step.completedAt)}</p>}
      </div>
      {!step.completed &&
        (step.manual ? (
          <button
            type="button"
            data-slot="button"
            data-variant={variant}
            data-takeover-key={completeKey(step.id)}
            className={buttonClass}
            onClick={completing && (() => completing.onComplete(step.id))}
            disabled={completing?.disabled}
            aria-busy={pending || undefined}
            aria-label={`${step.actionLabel}: ${step.title}`}
          >
            {pending ? "saving..." : step.actionLabel}
          </button>
        ) : (
          <Link href={step.href} data-slot="button" data-variant={variant} className={buttonClass}>
            {step.actionLabel}
          </Link>
        ))}
    </li>
  );
}
