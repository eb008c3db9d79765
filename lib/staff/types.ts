// The shapes the staff portal speaks (spec 3 section 3). No server-only import: the screens use them.

/** Staff customer list item, spec 3 section 3. */
export type StaffCustomer = {
  id: number;
  name: string;
  email: string;
  membershipNumber: string;
  pointsBalance: number;
  lifetimeSpent: string;
};

export type StaffTransaction = {
  id: number;
  type: string;
  amount: string;
  pointsEarned: number;
  pointsRedeemed: number;
  points: number; // signed
  description: string | null;
  createdAt: string;
};
