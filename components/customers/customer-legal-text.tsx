"use client";

// Step 3 of the add-customer dialog: the notice the business reads (or emails) to the customer
// before the code is sent. The marketing sentence is one of the spec's four variants.

export const CUSTOMER_PREFERENCES_PATH = "/customer-preferences";
// SUPPORT_EMAIL is built into the page (next.config.mjs `env`); the placeholder is for development.
// Env exception (docs/architecture.md): client code; Next inlines the value at build, lib/env.ts is server-only.
export const SUPPORT_EMAIL = process.env.SUPPORT_EMAIL || "support@loyaltylegends.example";

export type MarketingChoice = { email: boolean; sms: boolean };

export function marketingConsentSentence(businessName: string, choice: MarketingChoice): string {
  if (choice.email && choice.sms) return `You are happy to receive offers and vouchers from ${businessName} by email and SMS.`;
  if (choice.email) return `You are happy to receive offers and vouchers from ${businessName} by email only.`;
  if (choice.sms) return `You are happy to receive offers and vouchers from ${businessName} by SMS only.`;
  return `You are not happy to be contacted with offers or vouchers from ${businessName}; you will only receive service messages about your loyalty card.`;
}

/** The summary's wording of the marketing choice. */
export function marketingChoiceLabel(choice: MarketingChoice): string {
  if (choice.email && choice.sms) return "email and SMS";
  if (choice.email) return "email only";
  if (choice.sms) return "SMS only";
  return "no marketing";
}

export function CustomerLegalText({ businessName, choice, hasDateOfBirth }: { businessName: string; choice: MarketingChoice; hasDateOfBirth: boolean }) {
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const preferencesUrl = `${origin}${CUSTOMER_PREFERENCES_PATH}`;
  return (
    <div data-testid="customer-legal-text" className="space-y-2 rounded-lg border bg-muted/40 p-3 text-sm leading-relaxed">
      <p>
        {businessName} will keep your name, email address{hasDateOfBirth ? ", phone number and date of birth" : " and phone number"} to run your
        loyalty card: to record your points and visits and to send you service messages about your card, such as your points
        balance and card updates. Service messages are always sent.
      </p>
      <p className="font-medium">{marketingConsentSentence(businessName, choice)}</p>
      <p>
        You can change your marketing preferences at any time at{" "}
        <a href={CUSTOMER_PREFERENCES_PATH} target="_blank" rel="noreferrer" className="break-all text-primary underline underline-offset-2">
          {preferencesUrl}
        </a>
        . For any question about your data, or to have it deleted, email{" "}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="break-all text-primary underline underline-offset-2">
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
    </div>
  );
}
