import { z } from "zod";
import { dbId } from "@/lib/validation/id";
import { hasAtMostDecimals, MAX_MINIMUM_REDEMPTION, MAX_POINTS_PER_POUND, MAX_REDEMPTION_VALUE, MIN_MINIMUM_REDEMPTION } from "@/lib/rules/rates";

// Spec 2 sections 5.4-5.6: the points configuration forms, with the spec's messages word for word.
// Numbers are accepted as JSON numbers or numeric strings (form inputs), so the dialogs and the
// route handlers share these schemas. redemptionValue is pounds per 100 points throughout.

type NumberRule = {
  required: string;
  invalid: string;
  min: number;
  minMessage?: string;
  max: number;
  maxMessage?: string;
  decimals: number;
  decimalsMessage?: string;
};

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A number field with one message per way it can be wrong (blank, not a number, range, step). */
export function numberField(rule: NumberRule) {
  return z.unknown().transform((v, ctx): number => {
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) return fail(rule.required);
    let n: number;
    if (typeof v === "number") n = v;
    else if (typeof v === "string" && NUMERIC.test(v.trim())) n = Number(v.trim());
    else return fail(rule.invalid);
    if (!Number.isFinite(n)) return fail(rule.invalid);
    if (n < rule.min) return fail(rule.minMessage ?? rule.invalid);
    if (n > rule.max) return fail(rule.maxMessage ?? rule.invalid);
    if (!hasAtMostDecimals(n, rule.decimals)) return fail(rule.decimalsMessage ?? rule.invalid);
    return Number(n.toFixed(rule.decimals));
  });
}

/** A required string (not trimmed: passwords may contain spaces), at most `max` characters. */
export function requiredString(required: string, max: number, maxMessage: string) {
  return z.unknown().transform((v, ctx): string => {
    if (typeof v !== "string" || v.trim() === "") {
      ctx.addIssue({ code: "custom", message: required });
      return z.NEVER;
    }
    if (v.length > max) {
      ctx.addIssue({ code: "custom", message: maxMessage });
      return z.NEVER;
    }
    return v;
  });
}

export const MINIMUM_REDEMPTION_REQUIRED = "Please enter a minimum redemption value";
export const MINIMUM_REDEMPTION_RANGE = "Minimum redemption must be between 1 and 10,000 points";

const minimumRedemptionField = (required: string) =>
  numberField({ required, invalid: MINIMUM_REDEMPTION_RANGE, min: MIN_MINIMUM_REDEMPTION, max: MAX_MINIMUM_REDEMPTION, decimals: 0 });

/** PUT /api/business/minimum-redemption (spec 5.5). */
export const minimumRedemptionSchema = z.object({ minimumRedemption: minimumRedemptionField(MINIMUM_REDEMPTION_REQUIRED) });
export type MinimumRedemptionInput = z.output<typeof minimumRedemptionSchema>;

export const FILL_ALL_FIELDS = "Please fill in all required fields";
export const POINTS_PER_POUND_POSITIVE = "Points per pound must be a positive number";
export const POINT_VALUE_POSITIVE = "Point value must be a positive number";

/** PUT /api/business/new-customer-rates (spec 5.6): all four fields required, both rates positive. */
export const newCustomerRatesSchema = z.object({
  newCustomerPointsPerPound: numberField({
    required: FILL_ALL_FIELDS,
    invalid: POINTS_PER_POUND_POSITIVE,
    min: 0.001,
    max: MAX_POINTS_PER_POUND,
    maxMessage: "Points per pound must be at most 1,000",
    decimals: 3,
    decimalsMessage: "Points per pound can have at most 3 decimal places",
  }),
  newCustomerRedemptionValue: numberField({
    required: FILL_ALL_FIELDS,
    invalid: POINT_VALUE_POSITIVE,
    min: 0.001,
    max: MAX_REDEMPTION_VALUE,
    maxMessage: "Point value must be at most £1,000 per 100 points",
    decimals: 3,
    decimalsMessage: "Point value can have at most 3 decimal places",
  }),
  reason: requiredString(FILL_ALL_FIELDS, 500, "Reason must be at most 500 characters").transform((v) => v.trim()),
  password: requiredString(FILL_ALL_FIELDS, 200, "Password must be at most 200 characters"),
});
export type NewCustomerRatesInput = z.output<typeof newCustomerRatesSchema>;

export const CUSTOMER_REQUIRED = "Please select a customer to update rates for";
export const PASSWORD_REQUIRED = "Please enter your password to confirm rate changes";

/** The rate fields of the individual rates dialog (spec 5.4), without the customer and password. */
export const customerRateFields = {
  earningRate: numberField({
    required: "Please enter an earning rate",
    invalid: "Earning rate must be a number",
    min: 0.1,
    minMessage: "Earning rate must be at least 0.1 points per £1",
    max: MAX_POINTS_PER_POUND,
    maxMessage: "Earning rate must be at most 1,000 points per £1",
    decimals: 1,
    decimalsMessage: "Earning rate must be in steps of 0.1",
  }),
  redemptionValue: numberField({
    required: "Please enter a redemption value",
    invalid: "Redemption value must be a number",
    min: 0.001,
    minMessage: "Redemption value must be at least 0.001",
    max: MAX_REDEMPTION_VALUE,
    maxMessage: "Redemption value must be at most £1,000 per 100 points",
    decimals: 3,
    decimalsMessage: "Redemption value must be in steps of 0.001",
  }),
  minimumRedemption: minimumRedemptionField(MINIMUM_REDEMPTION_REQUIRED),
};
export const customerRatesFormSchema = z.object(customerRateFields);

/** POST /api/customers/update-rates (spec 5.4). */
export const updateCustomerRatesSchema = z.object({
  customerId: dbId(CUSTOMER_REQUIRED),
  ...customerRateFields,
  password: requiredString(PASSWORD_REQUIRED, 200, "Password must be at most 200 characters"),
});
export type UpdateCustomerRatesInput = z.output<typeof updateCustomerRatesSchema>;
