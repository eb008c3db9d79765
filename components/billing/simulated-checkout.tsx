import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { InlineIcon } from "@/components/ui/inline-icon";
import { formatGBP } from "@/lib/rules/format";
import { MAX_PLAN_PRICE_PENCE } from "@/lib/rules/plans";
import { SimulatedCheckoutActions } from "@/components/billing/simulated-checkout-actions";

// The simulated Stripe Checkout (no Stripe keys): pay or fail; the server applies the same state
// change as the checkout.session.completed webhook. Server HTML; the decline message and the
// buttons are the client island (issue 23: first-load JavaScript).

export function SimulatedCheckout({ token, purpose }: { token: string; purpose: string }) {
  const price = formatGBP(MAX_PLAN_PRICE_PENCE);
  return (
    <div className="mx-auto max-w-md space-y-4">
      <Alert variant="warning">
        <InlineIcon name="flask-conical" />
        <AlertTitle>simulated checkout</AlertTitle>
        <AlertDescription>Stripe is not configured, so no real payment is taken.</AlertDescription>
      </Alert>
      <Card>
        <CardHeader>
          <CardTitle>{purpose === "reactivate" ? "reactivate a parked customer" : "max plan"}</CardTitle>
          <CardDescription>{purpose === "reactivate" ? `${price}, one payment` : `${price} a month, including a £2 charity donation`}</CardDescription>
        </CardHeader>
        <SimulatedCheckoutActions token={token} price={price} cancelTo={purpose === "reactivate" ? "/customers" : "/account"} />
      </Card>
    </div>
  );
}
