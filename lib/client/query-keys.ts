// One query-key factory: each key's first element is the API path it reads, so invalidating a
// path refreshes every screen that shows it.
export const queryKeys = {
  currentUser: ["/api/auth/user"] as const,
  customers: ["/api/customers"] as const,
  parkedCustomers: ["/api/customers/parked"] as const,
  subscriptionUsage: ["/api/subscription/usage"] as const,
  loyaltyCards: ["/api/loyalty-cards"] as const,
  systemSettings: ["/api/admin/system-settings"] as const,
  business: ["/api/business"] as const,
  businessProfile: ["/api/business/profile"] as const,
  pointsAuditTrail: ["/api/business/points-audit-trail"] as const,
  promos: ["/api/promos"] as const,
  customerPromos: (customerId: number) => [`/api/customers/${customerId}/promos`] as const,
  recentVouchers: (customerId: number) => [`/api/customers/${customerId}/recent-vouchers`] as const,
  lastSimulatedEmail: ["/api/test/last-simulated-email"] as const,
  transactions: ["/api/transactions"] as const,
  transactionList: (q: string) => ["/api/transactions", { q }] as const,
  customerByMembership: (membershipNumber: string) => [`/api/customers/by-membership/${encodeURIComponent(membershipNumber)}`] as const,
  dashboard: {
    stats: ["/api/dashboard/stats"] as const,
    impactStats: ["/api/dashboard/impact-stats"] as const,
    recentCustomers: ["/api/dashboard/recent-customers"] as const,
    moneyMakers: ["/api/dashboard/money-makers"] as const,
    superFans: ["/api/dashboard/super-fans"] as const,
    weeklyStats: ["/api/dashboard/weekly-stats"] as const,
  },
};
