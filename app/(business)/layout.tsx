import { redirect } from "next/navigation";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";
import { toCurrentUser } from "@/lib/auth/current-user";
import { BusinessShell } from "@/components/layout/business-shell";
import { QueryProvider } from "@/components/query-provider";

export const dynamic = "force-dynamic";

// Middleware only glanced at the cookie; this checks the session row, the account state and the
// role on the server before anything of the business is rendered.
export default async function BusinessLayout({ children }: { children: React.ReactNode }) {
  const principal = await getPageBusinessPrincipal();
  if (!principal) redirect("/auth");
  return (
    <QueryProvider>
      <BusinessShell user={toCurrentUser(principal)}>{children}</BusinessShell>
    </QueryProvider>
  );
}
