import { Suspense } from "react";
import type { Metadata } from "next";
import { VoucherHub } from "@/components/vouchers/voucher-hub";

export const metadata: Metadata = { title: "Vouchers" };

// The hub reads ?create=1&customerIds=... with useSearchParams, which needs a Suspense boundary.
export default function Page() {
  return (
    <Suspense>
      <VoucherHub />
    </Suspense>
  );
}
