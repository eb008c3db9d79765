import { redirect } from "next/navigation";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";
import { AuthScreen } from "@/components/auth/auth-screen";

export const dynamic = "force-dynamic";

// "/": the business dashboard when signed in, the auth screen otherwise (spec 3 section 2).
export default async function HomePage() {
  if (await getPageBusinessPrincipal()) redirect("/dashboard");
  return <AuthScreen />;
}
