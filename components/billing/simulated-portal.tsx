import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { InlineIcon } from "@/components/ui/inline-icon";
import { cn } from "@/lib/utils";
import { SimulatedPortalActions } from "@/components/billing/simulated-portal-actions";

// The simulated Stripe billing portal (no Stripe keys): update the payment method (clears a failed
// payment), cancel the subscription, or simulate a failed renewal for the demo. Server HTML; the
// buttons are the client island (issue 23: first-load JavaScript).

export function SimulatedPortal({ token }: { token: string }) {
  const buttonClass = {
    update_payment: cn(buttonVariants({ variant: "default" })),
    cancel_subscription: cn(buttonVariants({ variant: "destructive" })),
    fail_renewal: cn(buttonVariants({ variant: "outline" })),
    back: cn(buttonVariants({ variant: "ghost" })),
  };
  return (
    <div className="mx-auto max-w-md space-y-4">
      <Alert variant="warning">
        <InlineIcon name="flask-conical" />
        <AlertTitle>simulated billing portal</AlertTitle>
        <AlertDescription>Stripe is not configured: these buttons act like the real portal would.</AlertDescription>
      </Alert>
      <Card>
        <CardHeader>
          <CardTitle>manage billing</CardTitle>
          <CardDescription>your payment method and subscription.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2">
          <SimulatedPortalActions token={token} buttonClass={buttonClass} />
        </CardContent>
      </Card>
    </div>
  );
}
