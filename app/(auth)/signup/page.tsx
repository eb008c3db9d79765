import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";
import { AuthScreen } from "@/components/auth/auth-screen";

export const metadata: Metadata = { title: "Sign up" };
export const dynamic = "force-dynamic";

// /signup?ref={referralCode} - the auth screen on its sign-up tab (a referral gives a 28-day max trial).
export default async function SignupPage() {
  if (await getPageBusinessPrincipal()) redirect("/dashboard");
  return <AuthScreen initialTab="signup" />;
}
