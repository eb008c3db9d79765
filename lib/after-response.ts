import "server-only";
import { after } from "next/server";
import { log } from "@/lib/log";

// Work started by a request that should not hold its response: inside a request through Next's
// after() (kept alive until done on serverless hosts), outside one (tests, scripts) as a tracked
// promise that flushBackgroundWork() waits for. Nothing here may be the only copy of the work:
// whatever it leaves undone must still be found in the database by a cron job.

const inFlight = new Set<Promise<void>>();

export function runAfterResponse(label: string, work: () => Promise<unknown>): void {
  const run = () =>
    work().then(
      () => undefined,
      (e: unknown) => log.error({ err: e, label }, "background work failed"),
    );
  try {
    after(run);
  } catch {
    const p = run();
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }
}

/** Waits for the background work started outside a request (tests, scripts). */
export async function flushBackgroundWork(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}
