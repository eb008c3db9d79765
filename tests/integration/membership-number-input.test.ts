/** @jest-environment node */
import { GET as listCustomers } from "@/app/api/customers/route";
import { GET as byMembership } from "@/app/api/customers/by-membership/[membershipNumber]/route";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { formatMembershipNumber } from "@/lib/rules/membership-number";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";

// Issue 20: the card number is shown one way ("1234 5678 90") and was stored and printed another
// ("LC-1234567890" on the card dialog). Whatever form a person copies or types, the till's lookup
// and the customer search find the customer; another business's number stays not found.

let biz: Awaited<ReturnType<typeof createBusinessSession>>;
let dana: CustomerDto;
let other: CustomerDto;

beforeAll(async () => {
  biz = await createBusinessSession();
  dana = await addCustomer(biz.cookie, { name: "Dana Drinker" });
  const otherBiz = await createBusinessSession();
  other = await addCustomer(otherBiz.cookie, { name: "Olly Other" });
});

const forms = (n: string) => [n, formatMembershipNumber(n), `LC-${n}`, `lc-${formatMembershipNumber(n)}`, `${n.slice(0, 4)}-${n.slice(4, 8)}-${n.slice(8)}`];

describe("a membership number typed in any of its forms", () => {
  it("the till's lookup (typed or scanned) finds the customer", async () => {
    expect(formatMembershipNumber(dana.membershipNumber)).toMatch(/^\d{4} \d{4} \d{2}$/);
    for (const typed of forms(dana.membershipNumber)) {
      const res = await call<CustomerDto>(byMembership, { cookie: biz.cookie, params: { membershipNumber: typed } });
      expect([typed, res.status, res.json.id]).toEqual([typed, 200, dana.id]);
    }
  });

  it("the customer search finds the customer by the number as shown, with its prefix, or a part of it", async () => {
    const n = dana.membershipNumber;
    for (const q of [...forms(n), formatMembershipNumber(n).slice(0, 9)]) {
      const res = await call<CustomerDto[]>(listCustomers, { cookie: biz.cookie, path: `/api/customers?q=${encodeURIComponent(q)}` });
      expect([q, res.status, res.json.map((c) => c.id)]).toEqual([q, 200, [dana.id]]);
    }
  });

  it("another business's number, in any form, is not found", async () => {
    for (const typed of forms(other.membershipNumber)) {
      const res = await call(byMembership, { cookie: biz.cookie, params: { membershipNumber: typed } });
      expect([typed, res.status]).toEqual([typed, 404]);
      const search = await call<CustomerDto[]>(listCustomers, { cookie: biz.cookie, path: `/api/customers?q=${encodeURIComponent(typed)}` });
      expect([typed, search.json]).toEqual([typed, []]);
    }
  });
});
