"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { apiRequest } from "@/lib/client/api";

/** The staff header's Sign Out: ends the session, then back to /staff/login. */
export function StaffSignOutButton() {
  const router = useRouter();
  const [signingOut, setSigningOut] = useState(false);
  const signOut = async () => {
    setSigningOut(true);
    await apiRequest("POST", "/api/staff/logout").catch(() => undefined);
    router.push("/staff/login");
    router.refresh();
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void signOut()} disabled={signingOut}>
      <LogOut className="h-4 w-4" aria-hidden /> {signingOut ? "Signing out..." : "Sign Out"}
    </Button>
  );
}
