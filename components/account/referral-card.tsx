"use client";

import { Gift } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyLink } from "@/components/account/copy-link";
import { useOrigin } from "@/components/account/use-origin";

/** The referral link: a business that signs up through it gets a 28-day max trial. */
export function ReferralCard({ referralCode }: { referralCode: string | null }) {
  const origin = useOrigin();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gift className="size-4 text-primary" aria-hidden /> refer a business
        </CardTitle>
        <CardDescription>share your link: a business that signs up with it gets a 28-day max trial.</CardDescription>
      </CardHeader>
      <CardContent>
        {referralCode ? (
          <CopyLink label="your referral link" value={`${origin}/signup?ref=${referralCode}`} />
        ) : (
          <p className="text-sm text-muted-foreground">your referral link is not ready yet. please contact support.</p>
        )}
      </CardContent>
    </Card>
  );
}
