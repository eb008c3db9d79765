import "server-only";
import { log } from "@/lib/log";
import { after } from "next/server";
import { isConfigured } from "@/lib/env";
import { pushPassesOfCustomers } from "@/lib/wallet/push/push-card-updates";

// Called after a database commit that changed what a customer's wallet pass shows (balance, name,
// card). The update tag already moved inside that transaction (database triggers); this only sends
// the pushes, in the background: inside a request through Next's after() (which keeps a serverless
// function alive until they finish), elsewhere as a tracked detached promise. A push lost here
// (crash, redeploy) is still pending in the database and the wallet-push cron sends it.

const inFlight = new Set<Promise<void>>();

function track(work: Promise<void>) {
  inFlight.add(work);
  void work.finally(() => inFlight.delete(work));
}

/** Never throws and never delays the caller. */
export function notifyPassChange(customerIds: Array<number | null | undefined>): void {
  if (!isConfigured.apple && !isConfigured.google) return;
  try {
    const ids = [...new Set(customerIds.filter((id): id is number => typeof id === "number"))];
    if (ids.length === 0) return;
    const run = () =>
      pushPassesOfCustomers(ids).catch((e: unknown) => {
        log.error({ source: "wallet", err: e }, "pass update pushes failed");
      });
    try {
      after(run);
    } catch {
      track(run()); // outside a request scope (scripts, tests, benches)
    }
  } catch (e) {
    log.error({ source: "wallet", err: e }, "could not schedule pass update pushes");
  }
}

/** Waits for the background pushes started outside a request scope (tests and benches). */
export async function flushPassPushes(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}
