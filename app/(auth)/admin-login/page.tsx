import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getPagePrincipal } from "@/lib/auth/page-session";
import { PRODUCT_NAME } from "@/lib/product";
import { AdminLoginForm } from "@/components/admin/admin-login-form";

export const metadata: Metadata = { title: "Super admin login" };
export const dynamic = "force-dynamic";

export default async function AdminLoginPage() {
  if ((await getPagePrincipal())?.kind === "admin") redirect("/admin-dashboard");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-muted/30 px-4 py-10">
      <p className="text-lg font-bold text-primary">{PRODUCT_NAME} · Admin</p>
      <AdminLoginForm />
    </main>
  );
}
