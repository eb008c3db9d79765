import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PortalPage } from "@/components/portal/portal-page";
import { ReferralInvite } from "@/components/referrals/referral-invite";
import { findReferralInvite } from "@/lib/referrals/find-referral-invite";

// The referral link a customer shares (issue 26): who invites the friend, and how to join with the code.
export const metadata: Metadata = { title: "You have been invited", referrer: "no-referrer", robots: { index: false, follow: false } };

export default async function Page({ params }: { params: Promise<{ code: string }> }) {
  const invite = await findReferralInvite((await params).code);
  if (!invite) notFound();
  return (
    <PortalPage>
      <ReferralInvite {...invite} />
    </PortalPage>
  );
}
