"use client";

import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { toast, type ToastOptions } from "@/hooks/use-toast";
import { errorMessage, serverMessage } from "@/lib/client/api";

// The mutation every form shares: submit -> success toast -> refresh what changed -> close, or a
// destructive toast carrying the server's message.

type SubmitMutationOptions<TVars, TResult> = {
  mutationFn: (vars: TVars) => Promise<TResult>;
  /** The success toast, or a function of the answer; none when left out. */
  success?: ToastOptions | ((result: TResult, vars: TVars) => ToastOptions);
  /** The failure toast: its title, and the text shown when the server sent no message of its own
   *  (without `fallback`, the error's own text is shown, see `errorMessage`). */
  failure: { title: string; fallback?: string };
  /** What the change makes stale (started after success, not awaited). */
  refresh?: (queryClient: QueryClient) => unknown;
  /** More to do after success, before `onDone`. */
  onSuccess?: (result: TResult, vars: TVars) => void;
  /** More to do on failure (clear a password, mark a field), given the message the toast shows. */
  onError?: (error: Error, message: string) => void;
  /** Close the form after success. */
  onDone?: () => void;
};

export function useSubmitMutation<TVars, TResult = unknown>(options: SubmitMutationOptions<TVars, TResult>) {
  const queryClient = useQueryClient();
  const { mutationFn, success, failure, refresh, onSuccess, onError, onDone } = options;
  return useMutation<TResult, Error, TVars>({
    mutationFn,
    onSuccess: (result, vars) => {
      void refresh?.(queryClient);
      if (success) toast(typeof success === "function" ? success(result, vars) : success);
      onSuccess?.(result, vars);
      onDone?.();
    },
    onError: (error) => {
      const message = failure.fallback === undefined ? errorMessage(error) : serverMessage(error, failure.fallback);
      onError?.(error, message);
      toast({ variant: "destructive", title: failure.title, description: message });
    },
  });
}
