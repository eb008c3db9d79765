import type { Metadata } from "next";
import { SimulatedPortal } from "@/components/billing/simulated-portal";

export const metadata: Metadata = { title: "Billing" };

export default async function Page({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token = "" } = await searchParams;
  return <SimulatedPortal token={token} />;
}
