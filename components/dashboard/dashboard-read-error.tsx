import { buttonVariants } from "@/components/ui/button";
import { InlineIcon } from "@/components/ui/inline-icon";
import { cn } from "@/lib/utils";
import { ReadErrorAlert } from "@/components/ui/read-error-alert";
import { RefreshButton } from "@/components/dashboard/dashboard-buttons";

/** A dashboard read that failed on the server: "try again" renders the page's server parts again
 *  (router.refresh), which reads every figure anew. The alert is server markup; only the button is
 *  a client island. */
export function DashboardReadError({ title, message }: { title: string; message: string }) {
  return (
    <ReadErrorAlert
      title={title}
      message={message}
      retry={
        <RefreshButton variant="outline" className={cn(buttonVariants({ variant: "outline", size: "sm", className: "mt-1" }))}>
          <InlineIcon name="rotate-cw" /> try again
        </RefreshButton>
      }
    />
  );
}
