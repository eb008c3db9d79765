"use client";

import { memo, Suspense, useCallback, useEffect, useState } from "react";
import dynamic from "next/dynamic";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { Button } from "@/components/ui/button";
import { addCustomerLabel, CustomerHubFrame, HUB_KEYS, UsageLine as UsageLineView } from "@/components/customers/customer-hub-parts";
import { ActivityStatusExplainer } from "@/components/customers/activity-status-explainer";
import { CustomerList } from "@/components/customers/customer-list";
import { ParkedCustomersTable } from "@/components/customers/parked-customers-table";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { isAddBlocked, useSubscriptionUsage } from "@/components/customers/customer-queries";

// The customer hub (/customers, spec 1 section 2): the heading and the add-customer flow here, the
// list (customer-list.tsx) and the parked customers below. The heading is in the first HTML and
// is the page's largest paint; everything under it sits in a Suspense boundary, so the browser
// hydrates it as a task of its own, and this component reads no query itself: the data arriving
// re-renders only the small parts that use it, never the whole page at once. The add dialog loads
// the first time it opens, not with the page.

const Explainer = memo(ActivityStatusExplainer);
const ParkedTable = memo(ParkedCustomersTable);

const AddCustomerDialog = dynamic(() => import("@/components/customers/add-customer-dialog").then((m) => m.AddCustomerDialog), { ssr: false });

/** Reads ?add=1 (and ?ref=CODE, the referral link's friend code, issue 26) in a Suspense boundary of
 *  its own, so the hub around it is in the first HTML (and is the page's first paint) rather than
 *  streamed after it. Reports each change of the flag. */
function AddParam({ onChange }: { onChange: (wantsAdd: boolean, referralCode: string | undefined) => void }) {
  const params = useSearchParams();
  const wantsAdd = params.get("add") === "1";
  const referralCode = params.get("ref")?.slice(0, 40) || undefined;
  useEffect(() => onChange(wantsAdd, referralCode), [wantsAdd, referralCode, onChange]);
  return null;
}

/** The plan's usage line, when the usage is known (its own component: only it re-renders then). */
function UsageLine() {
  return <UsageLineView usage={useSubscriptionUsage().data} />;
}

function AddCustomerButton({ onClick }: { onClick: () => void }) {
  const blocked = isAddBlocked(useSubscriptionUsage().data);
  return (
    <Button type="button" onClick={onClick} disabled={blocked} className="w-full sm:w-auto" data-takeover-key={HUB_KEYS.add}>
      {addCustomerLabel(blocked)}
    </Button>
  );
}

export function CustomerHub() {
  const router = useRouter();
  const pathname = usePathname();
  const [addOpen, setAddOpen] = useState(false);

  // ?add=1 (from the dashboard's cards) opens the add-customer dialog once per visit of that URL.
  const [wantsAdd, setWantsAdd] = useState(false);
  const [referralCode, setReferralCode] = useState<string | undefined>(undefined);
  const onAddParam = useCallback((wants: boolean, code: string | undefined) => {
    setWantsAdd(wants);
    setReferralCode(wants ? code : undefined);
    if (wants) setAddOpen(true);
  }, []);
  // Once opened, the dialog stays mounted: it shows its success step after it closes.
  const addMounted = useOpenedOnce(addOpen);
  const openAdd = useCallback(() => setAddOpen(true), []);
  const onAddOpenChange = (open: boolean) => {
    setAddOpen(open);
    if (!open && wantsAdd) router.replace(pathname);
  };

  return (
    <CustomerHubFrame usageLine={<UsageLine />} addButton={<AddCustomerButton onClick={openAdd} />}>
      <Suspense fallback={null}>
        <Explainer />
        <CustomerList onAddFirst={openAdd} />
        <ParkedTable />
      </Suspense>

      <Suspense fallback={null}>
        <AddParam onChange={onAddParam} />
      </Suspense>
      {addMounted && <AddCustomerDialog open={addOpen} onOpenChange={onAddOpenChange} referralCode={referralCode} />}
    </CustomerHubFrame>
  );
}
