"use client";

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { CustomerDetailsForm } from "@/components/customers/customer-details-form";
import { CustomerMarketingTab } from "@/components/customers/customer-marketing-tab";
import { CustomerAccountTab } from "@/components/customers/customer-account-tab";
import { formatMembershipNumber } from "@/lib/rules/membership-number";

// Spec 1 section 2: three tabs, Customer Details, Marketing Permissions, Account Management.

export type CustomerDetailTab = "details" | "marketing" | "account";

export function CustomerDetailDialog({
  customer,
  tab,
  onTabChange,
  onClose,
}: {
  /** null closes the dialog. */
  customer: CustomerDto | null;
  tab: CustomerDetailTab;
  onTabChange: (tab: CustomerDetailTab) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={customer !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        {customer && (
          <>
            <DialogHeader>
              <DialogTitle className="break-words">{customer.name}</DialogTitle>
              <DialogDescription>membership number {formatMembershipNumber(customer.membershipNumber)}</DialogDescription>
            </DialogHeader>
            <Tabs value={tab} onValueChange={(v) => onTabChange(v as CustomerDetailTab)}>
              <TabsList className="grid w-full grid-cols-3">
                <TabsTrigger value="details">Customer Details</TabsTrigger>
                <TabsTrigger value="marketing">Marketing Permissions</TabsTrigger>
                <TabsTrigger value="account">Account Management</TabsTrigger>
              </TabsList>
              <TabsContent value="details" className="pt-2">
                {/* Remounted per customer and per status so the form starts from the current record. */}
                <CustomerDetailsForm key={`${customer.id}-${customer.accountStatus}`} customer={customer} />
              </TabsContent>
              <TabsContent value="marketing" className="pt-2">
                <CustomerMarketingTab customer={customer} />
              </TabsContent>
              <TabsContent value="account" className="pt-2">
                <CustomerAccountTab customer={customer} onDeleted={onClose} />
              </TabsContent>
            </Tabs>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
