import { redirect } from "next/navigation";
import { getPagePrincipal } from "@/lib/auth/page-session";

export const dynamic = "force-dynamic";

// Staff portal screens. The staff login page lives in the (auth) group. No QueryProvider: the staff
// dashboard reads with useJson and writes with plain requests (issue 23: react-query is not in the
// till's first load).
export default async function StaffLayout({ children }: { children: React.ReactNode }) {
  const principal = await getPagePrincipal();
  if (principal?.kind !== "staff") redirect("/staff/login");
  return <div className="min-h-screen bg-muted/30">{children}</div>;
}
