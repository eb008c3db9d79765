import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";
import { AuthScreen } from "@/components/auth/auth-screen";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function AuthPage() {
  if (await getPageBusinessPrincipal()) redirect("/dashboard");
  return <AuthScreen />;
}
