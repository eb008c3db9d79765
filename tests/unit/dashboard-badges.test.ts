import {
  activeCustomersBadge,
  badgeFor,
  pointsBurnedBadge,
  pointsEarnedBadge,
  pointsToClaimBadge,
  totalSignupsBadge,
  transactionValueBadge,
  vouchersRaisedBadge,
  vouchersRedeemedBadge,
} from "@/lib/rules/badges";

describe("dashboard tile badges (spec 1 section 9)", () => {
  it.each([
    [0, "get started"],
    [1, "get started"],
    [2, "building friends"],
    [5, "building friends"],
  ])("total signups: %i is '%s' (over 1 'building friends', else 'get started')", (signups, label) => {
    expect(totalSignupsBadge(signups).label).toBe(label);
  });

  it("total signups: over 5 'party time'", () => {
    expect(totalSignupsBadge(6)).toEqual({ label: "party time", tone: "celebrate" });
  });

  it("active customers: over 3 'strong'", () => {
    expect(activeCustomersBadge(3).label).not.toBe("strong");
    expect(activeCustomersBadge(4)).toEqual({ label: "strong", tone: "celebrate" });
    expect(activeCustomersBadge(1).label).toBe("warming up");
    expect(activeCustomersBadge(0).label).toBe("time to reconnect");
  });

  it("transaction value: over 50 pounds 'sales flowing'", () => {
    expect(transactionValueBadge(50).label).toBe("first sales in");
    expect(transactionValueBadge(50.01)).toEqual({ label: "sales flowing", tone: "celebrate" });
    expect(transactionValueBadge(0).label).toBe("ring up a sale");
  });

  it("our own badges for the other tiles step up with the figure", () => {
    expect([0, 1, 1001].map((n) => pointsEarnedBadge(n).label)).toEqual(["reward a visit", "points flowing", "points machine"]);
    expect([0, 1, 501].map((n) => pointsBurnedBadge(n).label)).toEqual(["first reward ahead", "rewards in use", "rewards loved"]);
    expect([0, 1, 1001].map((n) => pointsToClaimBadge(n).label)).toEqual(["nothing waiting", "rewards waiting", "big rewards waiting"]);
    // voucher tiles take pence: over £50 is the top step
    expect([0, 500, 5001].map((n) => vouchersRaisedBadge(n).label)).toEqual(["send a treat", "treats sent", "generous host"]);
    expect([0, 500, 5001].map((n) => vouchersRedeemedBadge(n).label)).toEqual(["awaiting first use", "first treats used", "offers working"]);
  });

  it("badgeFor picks the tile's rule and treats a missing figure as 0", () => {
    expect(badgeFor("totalSignups", 6).label).toBe("party time");
    expect(badgeFor("transactionValue", 51).label).toBe("sales flowing");
    expect(badgeFor("activeCustomers", Number.NaN).label).toBe("time to reconnect");
  });
});
