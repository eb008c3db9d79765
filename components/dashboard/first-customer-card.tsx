"use client";

import { useRouter } from "next/navigation";
import { InlineIcon } from "@/components/ui/inline-icon";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { ACTION_HREFS } from "@/lib/rules/dashboard-actions";

/** Shown while the business has no customers: a direct way to add the first one, disabled when
 *  the plan has no room left (spec 2 section 2.8). */
export function FirstCustomerCard({ atLimit }: { atLimit: boolean }) {
  const router = useRouter();
  return (
    <SectionCard
      icon={<InlineIcon name="sparkles" className="size-5 text-primary" />}
      title="add your first customer"
      className="border-primary/40 bg-primary/5"
      description="your loyalty club is ready. add your first customer and they get a digital loyalty card straight away; your dashboard comes to life with their first visit."
    >
      <Button type="button" disabled={atLimit} onClick={() => router.push(ACTION_HREFS.addCustomer)} className="w-full sm:w-auto">
        <InlineIcon name="user-plus" /> {atLimit ? "customer limit reached" : "add first customer"}
      </Button>
    </SectionCard>
  );
}
