import { Suspense } from "react";
import type { Metadata } from "next";
import { TransactionHub } from "@/components/transactions/transaction-hub";

export const metadata: Metadata = { title: "Transactions" };

// The hub reads ?add=1&customerId=... with useSearchParams, which needs a Suspense boundary.
export default function Page() {
  return (
    <Suspense>
      <TransactionHub />
    </Suspense>
  );
}
