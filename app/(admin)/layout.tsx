import { redirect } from "next/navigation";
import { getPagePrincipal } from "@/lib/auth/page-session";

export const dynamic = "force-dynamic";

// Super-admin screens. The admin's own login page lives in the (auth) group. No react-query
// provider here (issue 23): the dashboard's overview is drawn on the server and each tab brings
// the provider with its own code when opened (components/admin/admin-tabs.tsx).
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const principal = await getPagePrincipal();
  if (principal?.kind !== "admin") redirect("/admin-login");
  return <div className="min-h-screen bg-muted/30">{children}</div>;
}
