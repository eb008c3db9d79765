import { minimumRedemptionSchema, newCustomerRatesSchema, updateCustomerRatesSchema } from "@/lib/validation/rates";
import { phoneCode, sendSmsVerificationSchema } from "@/lib/validation/business";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0].message);

describe("minimum redemption (spec 5.5)", () => {
  it.each([[undefined], [null], [""], ["  "]])("requires a value (%j)", (v) => {
    expect(firstMessage(minimumRedemptionSchema.safeParse({ minimumRedemption: v }))).toBe("Please enter a minimum redemption value");
  });

  it.each([[0], [10_001], [-5], [2.5], ["abc"], ["1e3"], [true]])("refuses %j with the range message", (v) => {
    expect(firstMessage(minimumRedemptionSchema.safeParse({ minimumRedemption: v }))).toBe("Minimum redemption must be between 1 and 10,000 points");
  });

  it("accepts whole numbers from 1 to 10,000, also as form strings", () => {
    expect(minimumRedemptionSchema.parse({ minimumRedemption: 1 })).toEqual({ minimumRedemption: 1 });
    expect(minimumRedemptionSchema.parse({ minimumRedemption: 10_000 })).toEqual({ minimumRedemption: 10_000 });
    expect(minimumRedemptionSchema.parse({ minimumRedemption: " 250 " })).toEqual({ minimumRedemption: 250 });
  });
});

describe("new customer rates (spec 5.6)", () => {
  const valid = { newCustomerPointsPerPound: "2", newCustomerRedemptionValue: "1.5", reason: "Launch offer", password: "secret pass" };

  it.each(["newCustomerPointsPerPound", "newCustomerRedemptionValue", "reason", "password"])("requires %s", (field) => {
    expect(firstMessage(newCustomerRatesSchema.safeParse({ ...valid, [field]: "" }))).toBe("Please fill in all required fields");
    const { [field as keyof typeof valid]: _omit, ...rest } = valid;
    expect(firstMessage(newCustomerRatesSchema.safeParse(rest))).toBe("Please fill in all required fields");
  });

  it.each([[0], [-1], ["abc"], [0.0001]])("points per pound %j must be positive", (v) => {
    expect(firstMessage(newCustomerRatesSchema.safeParse({ ...valid, newCustomerPointsPerPound: v }))).toBe("Points per pound must be a positive number");
  });

  it.each([[0], [-0.5], ["x"]])("point value %j must be positive", (v) => {
    expect(firstMessage(newCustomerRatesSchema.safeParse({ ...valid, newCustomerRedemptionValue: v }))).toBe("Point value must be a positive number");
  });

  it("parses numbers, trims the reason and keeps the password as typed", () => {
    expect(newCustomerRatesSchema.parse({ ...valid, reason: "  Launch offer " })).toEqual({
      newCustomerPointsPerPound: 2,
      newCustomerRedemptionValue: 1.5,
      reason: "Launch offer",
      password: "secret pass",
    });
  });
});

describe("individual rates (spec 5.4)", () => {
  const valid = { customerId: 7, earningRate: 1.5, redemptionValue: 0.125, minimumRedemption: 50, password: "pw" };

  it("requires a customer and a password with the spec's messages", () => {
    expect(firstMessage(updateCustomerRatesSchema.safeParse({ ...valid, customerId: undefined }))).toBe("Please select a customer to update rates for");
    expect(firstMessage(updateCustomerRatesSchema.safeParse({ ...valid, customerId: "abc" }))).toBe("Please select a customer to update rates for");
    expect(firstMessage(updateCustomerRatesSchema.safeParse({ ...valid, password: "" }))).toBe("Please enter your password to confirm rate changes");
    expect(firstMessage(updateCustomerRatesSchema.safeParse({ ...valid, password: undefined }))).toBe("Please enter your password to confirm rate changes");
  });

  it("holds earning rate to min 0.1 in steps of 0.1", () => {
    expect(firstMessage(updateCustomerRatesSchema.safeParse({ ...valid, earningRate: 0 }))).toBe("Earning rate must be at least 0.1 points per £1");
    expect(firstMessage(updateCustomerRatesSchema.safeParse({ ...valid, earningRate: 0.15 }))).toBe("Earning rate must be in steps of 0.1");
    expect(updateCustomerRatesSchema.parse({ ...valid, earningRate: 0.1 }).earningRate).toBe(0.1);
  });

  it("holds redemption value to min 0.001 in steps of 0.001", () => {
    expect(firstMessage(updateCustomerRatesSchema.safeParse({ ...valid, redemptionValue: 0.0005 }))).toBe("Redemption value must be at least 0.001");
    expect(firstMessage(updateCustomerRatesSchema.safeParse({ ...valid, redemptionValue: 0.0015 }))).toBe("Redemption value must be in steps of 0.001");
    expect(updateCustomerRatesSchema.parse({ ...valid, redemptionValue: "0.001" }).redemptionValue).toBe(0.001);
  });

  it("holds minimum redemption to a whole number of at least 1", () => {
    expect(firstMessage(updateCustomerRatesSchema.safeParse({ ...valid, minimumRedemption: 0 }))).toBe("Minimum redemption must be between 1 and 10,000 points");
    expect(firstMessage(updateCustomerRatesSchema.safeParse({ ...valid, minimumRedemption: 1.5 }))).toBe("Minimum redemption must be between 1 and 10,000 points");
    expect(updateCustomerRatesSchema.parse(valid)).toEqual(valid);
  });
});

describe("business phone (spec 4.4, 5.9)", () => {
  it("takes exactly 4 digits", () => {
    expect(phoneCode.safeParse("1234").success).toBe(true);
    for (const bad of ["123", "12345", "12a4", "", 1234]) {
      expect(firstMessage(phoneCode.safeParse(bad))).toBe("Please enter a 4-digit verification code");
    }
  });

  it("normalises UK numbers to E.164", () => {
    expect(sendSmsVerificationSchema.parse({ phone: "07700 900-123", businessName: "Café" }).phone).toBe("+447700900123");
    expect(firstMessage(sendSmsVerificationSchema.safeParse({ phone: "12345" }))).toBe("please enter a valid UK phone number");
  });
});
