import type { Metadata } from "next";
import { Suspense } from "react";
import { ResetPasswordScreen } from "@/components/auth/reset-password-screen";

export const metadata: Metadata = { title: "Reset password" };
export const dynamic = "force-dynamic";

// /reset-password?token=..&business=.. - links issued by a super admin (1 hour, single use).
export default function ResetPasswordPage() {
  return (
    <Suspense>
      <ResetPasswordScreen />
    </Suspense>
  );
}
