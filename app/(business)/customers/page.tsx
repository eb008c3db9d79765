import { Suspense } from "react";
import type { Metadata } from "next";
import { CustomerHub } from "@/components/customers/customer-hub";

export const metadata: Metadata = { title: "Customers" };

// The hub reads ?add=1 with useSearchParams, which needs a Suspense boundary.
export default function Page() {
  return (
    <Suspense>
      <CustomerHub />
    </Suspense>
  );
}
