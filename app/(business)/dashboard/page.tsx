import { Suspense } from "react";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { DashboardBody, DashboardPage } from "@/components/dashboard/dashboard-page";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";
import { getDashboardStart } from "@/lib/dashboard/get-dashboard-start";

export const metadata: Metadata = { title: "Dashboard" };

const ukHour = new Intl.DateTimeFormat("en-GB", { hour: "numeric", hourCycle: "h23", timeZone: "Europe/London" });

/** The figures, read on the server while the greeting and the skeletons are already on screen. */
async function DashboardFigures({ businessId, now }: { businessId: number; now: Date }) {
  return <DashboardBody start={await getDashboardStart(businessId, now)} />;
}

// The greeting is the page's largest text: it is rendered at once (with the signed-in business the
// layout already checked, and the UK hour until the browser's own clock takes over); the sections
// stream in below it with the business's figures (issue 23), their skeletons shown until then.
export default async function Page() {
  const principal = await getPageBusinessPrincipal();
  if (!principal) redirect("/auth");
  const now = new Date();
  return (
    <DashboardPage businessName={principal.business.name} initialHour={Number(ukHour.format(now))}>
      <Suspense fallback={<DashboardBody />}>
        <DashboardFigures businessId={principal.businessId} now={now} />
      </Suspense>
    </DashboardPage>
  );
}
