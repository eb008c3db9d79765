import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getPagePrincipal } from "@/lib/auth/page-session";
import { PRODUCT_NAME } from "@/lib/product";
import { StaffLoginForm } from "@/components/staff/staff-login-form";

export const metadata: Metadata = { title: "Staff sign in" };
export const dynamic = "force-dynamic";

// ?business= prefills the business ID (the link the owner shares with staff).
export default async function StaffLoginPage({ searchParams }: { searchParams: Promise<{ business?: string | string[] }> }) {
  if ((await getPagePrincipal())?.kind === "staff") redirect("/staff/dashboard");
  const { business } = await searchParams;
  const prefill = typeof business === "string" && /^\d{1,10}$/.test(business) ? business : "";
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-muted/30 px-4 py-10">
      <p className="text-lg font-bold text-primary">{PRODUCT_NAME} · Staff Portal</p>
      <StaffLoginForm businessId={prefill} />
    </main>
  );
}
