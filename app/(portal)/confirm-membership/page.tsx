import type { Metadata } from "next";
import { PortalPage } from "@/components/portal/portal-page";
import { ConfirmMembership } from "@/components/portal/confirm-membership";

export const metadata: Metadata = { title: "Confirm membership", robots: { index: false, follow: false } };

// /confirm-membership without a token: the spec's 'Invalid confirmation link'.
export default function Page() {
  return (
    <PortalPage>
      <ConfirmMembership token={null} />
    </PortalPage>
  );
}
