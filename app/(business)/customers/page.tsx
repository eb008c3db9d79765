import { Suspense } from "react";
import type { Metadata } from "next";
import { CustomerHub } from "@/components/customers/customer-hub";

export const metadata: Metadata = { title: "Customers" };

// The hub never suspends on the server (it reads ?add=1 inside a boundary of its own), so it is in
// the first HTML; this boundary lets the browser hydrate it apart from the layout, as two shorter
// tasks instead of one long one.
export default function Page() {
  return (
    <Suspense>
      <CustomerHub />
    </Suspense>
  );
}
