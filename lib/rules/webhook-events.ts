// The outgoing webhook events (issue 27). No imports: the account hub's form uses this list too.
export const WEBHOOK_EVENT_TYPES = ["points.changed", "customer.created", "voucher.sent", "voucher.redeemed"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
