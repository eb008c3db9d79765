import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** The referral link's page body: the code to quote when joining at the till. */
export function ReferralInvite({ code, businessName, referrerFirstName, bonusPoints }: { code: string; businessName: string; referrerFirstName: string; bonusPoints: number }) {
  return (
    <Card className="mx-auto max-w-md gap-4">
      <CardHeader>
        <CardTitle>{referrerFirstName} invites you to {businessName}&apos;s loyalty scheme</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p>Ask the staff at {businessName} to add you to the loyalty scheme and give them this code:</p>
        <p className="text-center font-mono text-3xl font-bold tracking-widest">{code}</p>
        {bonusPoints > 0 && <p>After your first purchase, you and {referrerFirstName} each earn {bonusPoints} bonus points.</p>}
        <p className="border-t pt-3 text-xs text-muted-foreground">
          Staff at {businessName}:{" "}
          <a className="underline underline-offset-2" href={`/customers?add=1&ref=${encodeURIComponent(code)}`}>
            add a new customer with this code
          </a>
          .
        </p>
      </CardContent>
    </Card>
  );
}
