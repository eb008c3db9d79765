"use client";

import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Circle, PartyPopper } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SkeletonBlocks } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { formatDate } from "@/lib/rules/format";
import { AchievementsCard } from "@/components/onboarding/achievements-card";
import type { SetupProgress, SetupStepKey, SetupStepView } from "@/lib/onboarding/progress";
import { QueryState } from "@/components/ui/query-error";

// The onboarding checklist (/onboarding, spec 3 sections 2, 4 and 9): the seven steps and their
// points, the first incomplete one highlighted, achievements, and a congratulations card once all
// seven are done. Polled every 5 s, so steps completed elsewhere (a customer added in another tab)
// tick themselves off.

export const SETUP_POLL_MS = 5000;

type CompleteResult = { message: string; alreadyCompleted: boolean; progress: SetupProgress };

export function useSetupProgress() {
  return useQuery<SetupProgress>({ queryKey: queryKeys.setupProgress, refetchInterval: SETUP_POLL_MS });
}

export function OnboardingChecklist() {
  const progress = useSetupProgress();
  const queryClient = useQueryClient();
  const complete = useMutation({
    mutationFn: (stepId: SetupStepKey) => apiJson<CompleteResult>("POST", "/api/setup/complete-step", { stepId }),
    onSuccess: (result, stepId) => {
      queryClient.setQueryData(queryKeys.setupProgress, result.progress);
      const step = result.progress.steps.find((s) => s.id === stepId);
      toast({ title: "Step Completed!", description: step ? `${step.title}: +${step.points} points` : undefined });
    },
    onError: (error) => toast({ variant: "destructive", title: "Step not completed", description: serverMessage(error, "Failed to complete the step") }),
  });

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">setup checklist</h1>
        <p className="text-sm text-muted-foreground">seven steps to get your loyalty programme running. each one earns points, and achievements earn bonus points.</p>
      </div>

      <QueryState
        query={progress}
        loading={<SkeletonBlocks label="Loading setup progress" heights={["h-24", "h-20", "h-20", "h-20", "h-20"]} className="gap-3" />}
        errorTitle="could not load your setup progress"
      >
        {(data) => (
          <>
            <PointsSummary progress={data} />
            {data.allComplete && <CongratulationsCard totalPoints={data.totalPoints} />}
            <ol className="space-y-3" aria-label="Setup steps">
              {data.steps.map((step, i) => (
                <StepItem
                  key={step.id}
                  step={step}
                  number={i + 1}
                  highlighted={step.id === data.nextStepId}
                  pending={complete.isPending && complete.variables === step.id}
                  disabled={complete.isPending}
                  onComplete={() => complete.mutate(step.id)}
                />
              ))}
            </ol>
            <AchievementsCard achievements={data.achievements} />
          </>
        )}
      </QueryState>
    </div>
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
          <PartyPopper className="size-5 text-success" aria-hidden />
          congratulations, you&apos;re all set up!
        </CardTitle>
        <CardDescription>you completed all seven setup steps and earned {totalPoints} points. your loyalty programme is ready to grow.</CardDescription>
      </CardHeader>
    </Card>
  );
}

type StepItemProps = { step: SetupStepView; number: number; highlighted: boolean; pending: boolean; disabled: boolean; onComplete: () => void };

function StepItem({ step, number, highlighted, pending, disabled, onComplete }: StepItemProps) {
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
      {step.completed ? <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden /> : <Circle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />}
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
          <Button type="button" size="sm" variant={highlighted ? "default" : "outline"} onClick={onComplete} disabled={disabled} aria-busy={pending || undefined} aria-label={`${step.actionLabel}: ${step.title}`}>
            {pending ? "saving..." : step.actionLabel}
          </Button>
        ) : (
          <Button asChild size="sm" variant={highlighted ? "default" : "outline"}>
            <Link href={step.href}>{step.actionLabel}</Link>
          </Button>
        ))}
    </li>
  );
}
