import { redirect } from "next/navigation";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";
import { toCurrentUser } from "@/lib/auth/current-user";
import { BusinessShell } from "@/components/layout/business-shell";

export const dynamic = "force-dynamic";

// Middleware only glanced at the cookie; this checks the session row, the account state and the
// role on the server before anything of the business is rendered.
export default async function BusinessLayout({ children }: { children: React.ReactNode }) {
  const principal = await getPageBusinessPrincipal();
  if (!principal) redirect("/auth");
  // No react-query provider here (issue 23: its ~7.4 kB gzipped would be in every business page's
  // first load): the pages whose first screen reads queries mount QueryProvider themselves, and the
  // parts loaded after the page bring it with their code (withQueryClient); all share one client.
  return <BusinessShell user={toCurrentUser(principal)}>{children}</BusinessShell>;
}
