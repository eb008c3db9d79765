import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { InlineIcon } from "@/components/ui/inline-icon";
import { cn } from "@/lib/utils";
import { formatGBP } from "@/lib/rules/format";
import { MAX_PLAN_PRICE_PENCE } from "@/lib/rules/plans";
import { CheckoutButtons, CheckoutDecline, SimulatedCheckoutActions } from "@/components/billing/simulated-checkout-actions";

// The simulated Stripe Checkout (no Stripe keys): pay or fail; the server applies the same state
// change as the checkout.session.completed webhook. Server HTML; the decline message and the
// buttons are the client islands (issue 23: first-load JavaScript).

export function SimulatedCheckout({ token, purpose }: { token: string; purpose: string }) {
  const price = formatGBP(MAX_PLAN_PRICE_PENCE);
  const buttonClass = {
    pay: cn(buttonVariants({ variant: "default" })),
    fail: cn(buttonVariants({ variant: "outline" })),
    cancel: cn(buttonVariants({ variant: "ghost" })),
  };
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
        <SimulatedCheckoutActions token={token} cancelTo={purpose === "reactivate" ? "/customers" : "/account"}>
          <CardContent>
            <CheckoutDecline />
          </CardContent>
          <CardFooter className="flex flex-wrap gap-2">
            <CheckoutButtons price={price} buttonClass={buttonClass} />
          </CardFooter>
        </SimulatedCheckoutActions>
      </Card>
    </div>
  );
}
