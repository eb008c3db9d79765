import { InlineIcon } from "@/components/ui/inline-icon";
import { cn } from "@/lib/utils";
import { buttonVariants } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { ACTION_HREFS } from "@/lib/rules/dashboard-actions";
import { PushButton } from "@/components/dashboard/dashboard-buttons";

/** Shown while the business has no customers: a direct way to add the first one, disabled when
 *  the plan has no room left (spec 2 section 2.8). Server markup; the button is a client island. */
export function FirstCustomerCard({ atLimit }: { atLimit: boolean }) {
  return (
    <SectionCard
      icon={<InlineIcon name="sparkles" className="size-5 text-primary" />}
      title="add your first customer"
      className="border-primary/40 bg-primary/5"
      description="your loyalty club is ready. add your first customer and they get a digital loyalty card straight away; your dashboard comes to life with their first visit."
    >
      <PushButton href={ACTION_HREFS.addCustomer} disabled={atLimit} variant="default" className={cn(buttonVariants({ className: "w-full sm:w-auto" }))}>
        <InlineIcon name="user-plus" /> {atLimit ? "customer limit reached" : "add first customer"}
      </PushButton>
    </SectionCard>
  );
}
