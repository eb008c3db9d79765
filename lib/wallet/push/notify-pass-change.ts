import "server-only";

/** Called after a database commit that changed what a customer's wallet pass shows (balance, name,
 *  card, rates). Never throws and never delays the caller: the pushes go out in the background.
 *  (Issue 9 fills this in: Apple APNs pushes and the Google Wallet PATCH.) */
export function notifyPassChange(customerIds: Array<number | null | undefined>): void {
  void customerIds;
}
