import { redirect } from "next/navigation";
import { getPagePrincipal } from "@/lib/auth/page-session";
import { QueryProvider } from "@/components/query-provider";

export const dynamic = "force-dynamic";

// Staff portal screens. The staff login page lives in the (auth) group.
export default async function StaffLayout({ children }: { children: React.ReactNode }) {
  const principal = await getPagePrincipal();
  if (principal?.kind !== "staff") redirect("/staff/login");
  return (
    <QueryProvider>
      <div className="min-h-screen bg-muted/30">{children}</div>
    </QueryProvider>
  );
}
