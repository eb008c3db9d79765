import type { Metadata } from "next";
import { SimulatedCheckout } from "@/components/billing/simulated-checkout";

export const metadata: Metadata = { title: "Checkout" };

function purposeOf(token: string): string {
  try {
    return (JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString("utf8")) as { purpose?: string }).purpose ?? "upgrade";
  } catch {
    return "upgrade";
  }
}

// The token is verified by the server when the payment is completed; here it only picks the wording.
export default async function Page({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token = "" } = await searchParams;
  return <SimulatedCheckout token={token} purpose={purposeOf(token)} />;
}
