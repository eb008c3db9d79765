// The merchant's view of a loyalty card (spec 1 section 3 "Loyalty card"), as GET /api/loyalty-cards
// returns it. Types only, so the card hub's client components can import it.

export type LoyaltyCardDto = {
  id: number;
  customerId: number;
  customerName: string;
  customerEmail: string;
  /** The customer's account and sleep status, so a closed or sleeping customer's card says so. */
  customerAccountStatus: string;
  customerSleepStatus: string;
  membershipNumber: string;
  cardNumber: string;
  /** The customer's current points (customers.totalPoints). */
  pointsBalance: number;
  /** created (Digital Max) | fallback (Digital Core) | failed | pending */
  passkitStatus: string;
  /** applePassUrl ?? googlePassUrl */
  passUrl: string | null;
  applePassUrl: string | null;
  googlePassUrl: string | null;
  /** The customer's last visit (ISO), null when never used. */
  lastUsedAt: string | null;
  createdAt: string;
  /** The customer's VIP tier while the business has tiers on (issue 26). */
  tierName?: string | null;
};
