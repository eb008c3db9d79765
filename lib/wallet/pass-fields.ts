import "server-only";
import { appUrl } from "@/lib/env";
import { referralLink } from "@/lib/rules/referrals";

// What the wallet passes show of issue 26: the tier on the front (while tiers are on) and the
// referral code and link on the back (while refer-a-friend is on and the account is active).

type CardExtras = {
  customer: { tierName?: string | null; referralCode?: string | null; accountStatus: string };
  business: { tierSettings?: { enabled: boolean } | null; referralSettings?: { enabled: boolean } | null };
};

export function passTier(card: CardExtras): string | null {
  return card.business.tierSettings?.enabled && card.customer.tierName ? card.customer.tierName : null;
}

export function passReferral(card: CardExtras): { code: string; link: string } | null {
  const code = card.customer.referralCode;
  return card.business.referralSettings?.enabled && code && card.customer.accountStatus === "active" ? { code, link: referralLink(appUrl(), code) } : null;
}

export const referralText = (r: { code: string; link: string }) => `Give a friend your code ${r.code} (or this link: ${r.link}). When they join and make their first purchase, you both earn bonus points.`;

/** Google Wallet text modules (replaced as a whole on every update, so a tier that went away disappears). */
export function googleTextModules(card: CardExtras): Array<{ id: string; header: string; body: string }> {
  const tier = passTier(card);
  const referral = passReferral(card);
  return [
    ...(tier ? [{ id: "tier", header: "Tier", body: tier }] : []),
    ...(referral ? [{ id: "referral", header: "Refer a friend", body: referralText(referral) }] : []),
  ];
}
