// The customer hub's list, as both the server's first screen and the live hub show it (issue 23).

/** A list's count (X-Total-Count, X-Total-Kind): exact, at least (a search stopped at its cap) or
 *  about (the planner's estimate of a long list). */
export type ListTotal = { count: number; kind: "exact" | "at-least" | "about" };

/** "120", "200+" (a search's count stopped at its cap), "about 98,700" (an estimate). */
export function countText(total: ListTotal): string {
  const n = total.count.toLocaleString("en-GB");
  return total.kind === "at-least" ? `${n}+` : total.kind === "about" ? `about ${n}` : n;
}

/** "1 customer", "about 98,700 customers", "3 matches", "200+ matches". */
export function countLabel(total: ListTotal, searching: boolean): string {
  const one = total.count === 1 && total.kind === "exact";
  const noun = searching ? (one ? "match" : "matches") : one ? "customer" : "customers";
  return `${countText(total)} ${noun}`;
}
