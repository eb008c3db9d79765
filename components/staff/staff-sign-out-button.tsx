"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { InlineIcon } from "@/components/ui/inline-icon";
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
      <InlineIcon name="log-out" className="h-4 w-4" /> {signingOut ? "Signing out..." : "Sign Out"}
    </Button>
  );
}
