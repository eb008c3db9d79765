import type { Metadata } from "next";
import { AccountHub } from "@/components/account/account-hub";

export const metadata: Metadata = { title: "Account" };

export default function Page() {
  return <AccountHub />;
}
