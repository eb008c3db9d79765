import type { CustomerDto } from "@/lib/customers/customer-dto";

/** A complete CustomerDto for component tests (the shape GET /api/customers answers); each test
 *  overrides only what it is about. */
export function customerDto(id: number, overrides: Partial<CustomerDto> = {}): CustomerDto {
  return {
    id,
    name: `Customer ${id}`,
    firstName: "Customer",
    lastName: String(id),
    email: `customer${id}@example.com`,
    phone: `+4477009${String(id).padStart(5, "0")}`,
    dateOfBirth: null,
    membershipNumber: `LL-${1000 + id}`,
    totalPoints: id * 10,
    lifetimeSpent: "12.50",
    lastVisit: "2026-02-14T10:00:00.000Z",
    createdAt: "2026-01-03T10:00:00.000Z",
    accountStatus: "active",
    sleepStatus: "active",
    marketingConsentEmail: false,
    marketingConsentSms: false,
    marketingPreferencesLastUpdatedBy: null,
    marketingPreferencesLastUpdatedAt: null,
    pointsPerPound: 1,
    redemptionValue: "1.00",
    minimumRedemption: 100,
    closedAt: null,
    isParked: false,
    applePassUrl: null,
    googlePassUrl: null,
    passkitStatus: "fallback",
    ...overrides,
  };
}
