"use client";

import { useRouter } from "next/navigation";

/** Spec 3: red banner while a super admin is logged in as a business; its link leaves that mode. */
export function ImpersonationBanner({ businessName }: { businessName: string }) {
  const router = useRouter();
  const exit = async () => {
    await fetch("/api/admin/exit-login-as", { method: "POST", credentials: "include" });
    router.replace("/admin-dashboard");
    router.refresh();
  };
  return (
    <div role="alert" className="flex flex-wrap items-center justify-center gap-2 bg-red-600 px-3 py-2 text-center text-sm font-medium text-white">
      <span>super admin is logged in as {businessName}</span>
      <button type="button" onClick={exit} className="underline underline-offset-2">
        logout
      </button>
    </div>
  );
}
