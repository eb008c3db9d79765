// One query-key factory: each key's first element is the API path it reads, so invalidating a
// path refreshes every screen that shows it.
export const queryKeys = {
  currentUser: ["/api/auth/user"] as const,
  customers: ["/api/customers"] as const,
  subscriptionUsage: ["/api/subscription/usage"] as const,
  systemSettings: ["/api/admin/system-settings"] as const,
  dashboard: {
    stats: ["/api/dashboard/stats"] as const,
    impactStats: ["/api/dashboard/impact-stats"] as const,
    recentCustomers: ["/api/dashboard/recent-customers"] as const,
    moneyMakers: ["/api/dashboard/money-makers"] as const,
    superFans: ["/api/dashboard/super-fans"] as const,
    weeklyStats: ["/api/dashboard/weekly-stats"] as const,
  },
};
