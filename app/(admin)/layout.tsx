import { redirect } from "next/navigation";
import { getPagePrincipal } from "@/lib/auth/page-session";
import { QueryProvider } from "@/components/query-provider";

export const dynamic = "force-dynamic";

// Super-admin screens. The admin's own login page lives in the (auth) group.
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const principal = await getPagePrincipal();
  if (principal?.kind !== "admin") redirect("/admin-login");
  return (
    <QueryProvider>
      <div className="min-h-screen bg-muted/30">{children}</div>
    </QueryProvider>
  );
}
