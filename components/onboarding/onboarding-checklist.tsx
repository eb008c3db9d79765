"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { SkeletonBlocks } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { SetupProgress, SetupStepKey } from "@/lib/onboarding/progress";
import { QueryState } from "@/components/ui/query-error";
import { ChecklistBody, ChecklistHeading } from "@/components/onboarding/onboarding-parts";

// The live onboarding checklist (/onboarding, spec 3 sections 2, 4 and 9): the seven steps and their
// points, the first incomplete one highlighted, achievements, and a congratulations card once all
// seven are done. Polled every 5 s, so steps completed elsewhere (a customer added in another tab)
// tick themselves off. Issue 23: it takes over the server's first screen after load
// (onboarding-island.tsx), starting from the progress the page read (initial).

export const SETUP_POLL_MS = 5000;

type CompleteResult = { message: string; alreadyCompleted: boolean; progress: SetupProgress };

export function useSetupProgress() {
  return useQuery<SetupProgress>({ queryKey: queryKeys.setupProgress, refetchInterval: SETUP_POLL_MS });
}

export function OnboardingChecklist({ initial }: { initial?: SetupProgress }) {
  const queryClient = useQueryClient();
  // The server's read goes into the cache before the checklist reads it (not initialData, which a
  // progress cached on an earlier visit in this tab would override with older steps).
  useState(() => initial && queryClient.setQueryData(queryKeys.setupProgress, initial));
  const progress = useSetupProgress();
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
      <ChecklistHeading />
      <QueryState
        query={progress}
        loading={<SkeletonBlocks label="Loading setup progress" heights={["h-24", "h-20", "h-20", "h-20", "h-20"]} className="gap-3" />}
        errorTitle="could not load your setup progress"
      >
        {(data) => (
          <ChecklistBody
            progress={data}
            completing={{ pending: complete.isPending ? complete.variables : null, disabled: complete.isPending, onComplete: (stepId) => complete.mutate(stepId) }}
          />
        )}
      </QueryState>
    </div>
  );
}
