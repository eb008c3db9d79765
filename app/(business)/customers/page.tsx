import type { Metadata } from "next";
import { CustomerHub } from "@/components/customers/customer-hub";

export const metadata: Metadata = { title: "Customers" };

// The hub never suspends on the server (it reads ?add=1 inside a boundary of its own), so its
// heading is in the first HTML and paints with it.
export default function Page() {
  return <CustomerHub />;
}
