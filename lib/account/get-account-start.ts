import "server-only";
import { getBusinessSettings } from "@/lib/business/get-business-settings";
import { getUsage } from "@/lib/customers/customer-usage";
import { listStaffAccounts } from "@/lib/staff/list-staff-accounts";
import { listApiKeys } from "@/lib/api-keys/manage-api-keys";
import { listWebhookDeliveries, listWebhookEndpoints } from "@/lib/outgoing-webhooks/manage-webhook-endpoints";

/** What /account shows first (issue 23: read with the page, so its cards are in the first HTML
 *  instead of skeletons waiting for six requests): the same reads as GET /api/business,
 *  /api/subscription/usage, /api/business/staff, /api/api-keys, /api/webhook-endpoints and
 *  /api/webhook-endpoints/deliveries, keyed by the query each one starts. */
export async function getAccountStart(businessId: number) {
  const [business, usage, staff, apiKeys, webhookEndpoints, webhookDeliveries] = await Promise.all([
    getBusinessSettings(businessId),
    getUsage(businessId),
    listStaffAccounts(businessId),
    listApiKeys(businessId),
    listWebhookEndpoints(businessId),
    listWebhookDeliveries(businessId),
  ]);
  return { business, usage, staff, apiKeys, webhookEndpoints, webhookDeliveries };
}
