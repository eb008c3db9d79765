import fc from "fast-check";
import { createTransactionSchema, editTransactionSchema } from "@/lib/validation/transactions";
import { buildTransactionRequest, EMPTY_DRAFT, type FormTransactionType, type TransactionDraft } from "@/components/transactions/build-transaction-request";

// Issue 17 item 2: one schema per transaction type, used by the API, the dialogs and the request
// builder. These pin the bounds and messages, and that the builder and the server can never
// disagree: whatever the builder sends, the server's schema accepts.

const msg = (body: unknown) => {
  const r = createTransactionSchema.safeParse(body);
  return r.success ? "ok" : r.error.issues[0]?.message;
};

describe("transaction schemas (spec 2 section 5.1)", () => {
  it("purchase: a positive pound amount, 2 decimals, at most £100,000", () => {
    expect(createTransactionSchema.parse({ customerId: 1, type: "purchase", amount: "12.5" })).toMatchObject({ amount: 1250, promoCode: null });
    expect(msg({ customerId: 1, type: "purchase" })).toBe("required fields missing for transaction type");
    expect(msg({ customerId: 1, type: "purchase", amount: "0" })).toBe("Amount must be a positive number with at most 2 decimal places");
    expect(msg({ customerId: 1, type: "purchase", amount: "1.234" })).toBe("Amount must be a positive number with at most 2 decimal places");
    expect(msg({ customerId: 1, type: "purchase", amount: "100000.01" })).toBe("Amount must be at most £100,000.00");
    expect(msg({ customerId: 1, type: "purchase", amount: "9999999.99" })).toBe("Amount must be at most £100,000.00");
    expect(msg({ type: "purchase", amount: "5" })).toBe("please select a customer");
    // One bounded id schema (lib/validation/id.ts, issue 19 item 6): no coercion of "1e3" or true.
    for (const customerId of ["1e3", true, 0, 2 ** 31, "99999999999"]) expect(msg({ customerId, type: "purchase", amount: "5" })).toBe("please select a customer");
    expect(msg({ customerId: 1, type: "gift_points", recipientCustomerId: 99999999999, giftPoints: 5 })).toBe("Please choose a valid recipient");
    expect(msg({ customerId: 1, type: "gift_points", giftPoints: 5 })).toBe("required fields missing for transaction type");
  });

  it("points types: whole, positive where the spec says, at most 1,000,000", () => {
    expect(msg({ customerId: 1, type: "bonus_points", amount: "1000000" })).toBe("ok");
    expect(msg({ customerId: 1, type: "bonus_points", amount: "1000001" })).toBe("Points must be at most 1,000,000");
    expect(msg({ customerId: 1, type: "goodwill_points", amount: "1.5" })).toBe("Points must be a whole number");
    expect(msg({ customerId: 1, type: "points_redemption", pointsToRedeem: -1 })).toBe("insufficient points - wait for customer to earn or add bonus points to proceed");
    expect(msg({ customerId: 1, type: "manual_adjustment", pointsAdjustment: -5 })).toBe("ok");
    expect(createTransactionSchema.parse({ customerId: 1, type: "manual_adjustment", pointsAdjustment: "-5" })).toMatchObject({ type: "points_adjustment", pointsAdjustment: -5 });
    expect(msg({ customerId: 1, type: "manual_adjustment", pointsAdjustment: 0 })).toBe("required fields missing for transaction type");
    expect(msg({ customerId: 1, type: "gift_points", recipientCustomerId: 1, giftPoints: 5 })).toBe("A customer cannot gift points to themselves");
    expect(msg({ customerId: 1, type: "refund" })).toBe("Please choose a valid transaction type");
    expect(msg({ customerId: 1 })).toBe("Please choose a transaction type");
  });

  it("edit: the same bounds as creation (issue 19 item 5)", () => {
    const edit = (body: Record<string, unknown>) => {
      const r = editTransactionSchema.safeParse({ type: "purchase", pointsEarned: 1, pointsRedeemed: 0, ...body });
      return r.success ? "ok" : r.error.issues[0]?.message;
    };
    expect(edit({ amount: "100000.00" })).toBe("ok");
    expect(edit({ amount: "9999999.99" })).toBe("Amount must be at most £100,000.00");
    expect(edit({ amount: 1e9 })).toBe("Amount must be at most £100,000.00");
    expect(edit({ amount: "0", type: "purchase" })).toBe("Amount must be a positive number with at most 2 decimal places");
    expect(edit({ amount: "0", type: "bonus_points" })).toBe("ok");
    expect(edit({ amount: "1", pointsEarned: 1_000_001 })).toBe("Points must be at most 1,000,000");
  });

  it("whatever the request builder sends, the server's schema accepts (random drafts)", () => {
    const types: FormTransactionType[] = ["purchase", "points_redemption", "bonus_points", "manual_adjustment", "gift_points", "goodwill_points"];
    const typed = fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: -2_000_000, max: 2_000_000 }).map(String), fc.tuple(fc.double({ min: 0, max: 200_000, noNaN: true }), fc.integer({ min: 0, max: 3 })).map(([n, d]) => n.toFixed(d)));
    const draft = fc.record({
      type: fc.constantFrom(...types),
      amount: typed,
      description: fc.string({ maxLength: 20 }),
      pointsToRedeem: typed,
      promoCode: fc.constantFrom("", "save10"),
      pointsAdjustment: typed,
      recipientCustomerId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      giftPoints: typed,
    }) as fc.Arbitrary<TransactionDraft>;
    const customer = { id: 1, totalPoints: 5000, redemptionValue: "1.255", minimumRedemption: 10, accountStatus: "active", sleepStatus: "active" };
    fc.assert(
      fc.property(draft, (d) => {
        const built = buildTransactionRequest(customer, { ...EMPTY_DRAFT, ...d });
        if (built.ok) expect(createTransactionSchema.safeParse(built.body).success).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
