// The simulated checkout and portal send their POST with a plain fetch (no react-query in their
// first load, issue 23). After a billing change the tab's cached billing reads (plan, usage,
// countdowns, customer lists) are marked stale as useRefreshBilling does; that code (react-query
// and the tab's query client) is imported when the button is pressed, alongside the POST, so the
// answer never waits for it. The shell's widgets have usually loaded it already.

/** Starts loading the refresher; call the result once the change is made. Never rejects. */
export function loadRefreshBilling(): () => Promise<void> {
  const ready = Promise.all([import("@/components/billing/billing-queries"), import("@/lib/client/query-client")]).then(
    ([billing, client]) => () => billing.invalidateBilling(client.getQueryClient()).then(() => undefined),
    // The chunk did not load: the change stands, only the tab's cached reads are not marked stale.
    () => async () => undefined,
  );
  return () => ready.then((refresh) => refresh());
}
