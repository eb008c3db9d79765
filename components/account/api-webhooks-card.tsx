"use client";

import Link from "next/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ApiKeysPanel } from "@/components/account/api-keys-panel";
import { WebhooksPanel } from "@/components/account/webhooks-panel";
import type { AccountStart } from "@/components/account/account-hub";

/** The account hub's "API & webhooks" section (issue 27): connect any till. */
export function ApiWebhooksCard({ start }: { start?: Pick<AccountStart, "apiKeys" | "webhookEndpoints" | "webhookDeliveries"> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>API &amp; webhooks</CardTitle>
        <CardDescription>
          connect any till: look customers up, record purchases and redemptions, redeem vouchers, and get told when points change.{" "}
          <Link href="/developers" className="underline">
            read the API documentation
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <ApiKeysPanel initial={start?.apiKeys} />
        <WebhooksPanel initialEndpoints={start?.webhookEndpoints} initialDeliveries={start?.webhookDeliveries} />
      </CardContent>
    </Card>
  );
}
