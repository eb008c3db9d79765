// The motivational badge on each all-time tile of the dashboard. Spec 1 section 9 fixes three
// rules (total signups over 5 'party time', over 1 'building friends', else 'get started'; active
// customers over 3 'strong'; transaction value over 50 pounds 'sales flowing'); the rest are ours.
// Units: money tiles take pounds (transaction value) or pence (vouchers), as the stats endpoint sends.

export type BadgeTone = "celebrate" | "good" | "start";
export type TileBadge = { label: string; tone: BadgeTone };

export type TileKey =
  | "totalSignups"
  | "activeCustomers"
  | "pointsEarned"
  | "transactionValue"
  | "pointsBurned"
  | "pointsToClaim"
  | "vouchersRaised"
  | "vouchersRedeemed";

const badge = (label: string, tone: BadgeTone): TileBadge => ({ label, tone });

export function totalSignupsBadge(count: number): TileBadge {
  if (count > 5) return badge("party time", "celebrate");
  if (count > 1) return badge("building friends", "good");
  return badge("get started", "start");
}

export function activeCustomersBadge(count: number): TileBadge {
  if (count > 3) return badge("strong", "celebrate");
  if (count > 0) return badge("warming up", "good");
  return badge("time to reconnect", "start");
}

export function transactionValueBadge(pounds: number): TileBadge {
  if (pounds > 50) return badge("sales flowing", "celebrate");
  if (pounds > 0) return badge("first sales in", "good");
  return badge("ring up a sale", "start");
}

export function pointsEarnedBadge(points: number): TileBadge {
  if (points > 1000) return badge("points machine", "celebrate");
  if (points > 0) return badge("points flowing", "good");
  return badge("reward a visit", "start");
}

export function pointsBurnedBadge(points: number): TileBadge {
  if (points > 500) return badge("rewards loved", "celebrate");
  if (points > 0) return badge("rewards in use", "good");
  return badge("first reward ahead", "start");
}

export function pointsToClaimBadge(points: number): TileBadge {
  if (points > 1000) return badge("big rewards waiting", "celebrate");
  if (points > 0) return badge("rewards waiting", "good");
  return badge("nothing waiting", "start");
}

export function vouchersRaisedBadge(pence: number): TileBadge {
  if (pence > 5000) return badge("generous host", "celebrate");
  if (pence > 0) return badge("treats sent", "good");
  return badge("send a treat", "start");
}

export function vouchersRedeemedBadge(pence: number): TileBadge {
  if (pence > 5000) return badge("offers working", "celebrate");
  if (pence > 0) return badge("first treats used", "good");
  return badge("awaiting first use", "start");
}

const RULES: Record<TileKey, (value: number) => TileBadge> = {
  totalSignups: totalSignupsBadge,
  activeCustomers: activeCustomersBadge,
  pointsEarned: pointsEarnedBadge,
  transactionValue: transactionValueBadge,
  pointsBurned: pointsBurnedBadge,
  pointsToClaim: pointsToClaimBadge,
  vouchersRaised: vouchersRaisedBadge,
  vouchersRedeemed: vouchersRedeemedBadge,
};

export function badgeFor(key: TileKey, value: number): TileBadge {
  return RULES[key](Number.isFinite(value) ? value : 0);
}
