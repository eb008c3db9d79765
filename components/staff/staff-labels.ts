// How the staff dashboard words a transaction (spec 3 section 2): purchase, points redeemed, bonus
// points, or transaction; the points signed.

export function staffTransactionLabel(type: string): string {
  if (type === "purchase") return "Purchase";
  if (type === "points_redemption") return "Points Redeemed";
  if (type === "bonus_points") return "Bonus Points";
  return "Transaction";
}

export function signedPointsText(points: number): string {
  return points > 0 ? `+${points}` : String(points);
}
