import type { Metadata } from "next";
import { PortalPage } from "@/components/portal/portal-page";
import { ConfirmMembership } from "@/components/portal/confirm-membership";

export const metadata: Metadata = { title: "Confirm membership", referrer: "no-referrer", robots: { index: false, follow: false } };

// The token is the last path segment of the welcome email's link.
export default async function Page({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <PortalPage>
      <ConfirmMembership token={token || null} />
    </PortalPage>
  );
}
