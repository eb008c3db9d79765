"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Wrench } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";

/** Spec 3: replaces the app while maintenance mode is on; its logout uses POST /api/logout. */
export function MaintenanceScreen() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const logout = async () => {
    setPending(true);
    await fetch("/api/logout", { method: "POST", credentials: "include" }).catch(() => undefined);
    router.replace("/auth");
    router.refresh();
  };
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md text-center">
        <CardContent className="space-y-4 pt-6">
          <Wrench className="mx-auto h-10 w-10 text-primary" aria-hidden />
          <h1 className="text-2xl font-bold">we&apos;ll be back soon</h1>
          <p className="text-sm text-muted-foreground">We&apos;re making some improvements. Please check back shortly.</p>
          <Button variant="outline" onClick={logout} disabled={pending}>
            {pending ? "Logging out..." : "Logout"}
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
