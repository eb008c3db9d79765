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

/** A page of the staff list searched on the server (GET /api/staff/customers?q=&cursor=&limit=,
 *  issue 23): `next` is the X-Next-Cursor header as sent (URL-encoded), null on the last page. */
export type StaffCustomerPage = { customers: StaffCustomer[]; next: string | null };

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
