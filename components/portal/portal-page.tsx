import type { ReactNode } from "react";
import { PRODUCT_NAME } from "@/lib/product";

/** The frame of the customer-facing pages: a slim header and a padded column that fits 375 px. */
export function PortalPage({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="border-b bg-card/80">
        <div className="mx-auto flex h-14 max-w-4xl items-center px-4">
          <span className="font-bold text-primary">{PRODUCT_NAME}</span>
        </div>
      </header>
      <main className="mx-auto w-full max-w-4xl px-4 py-6 sm:py-10">{children}</main>
    </>
  );
}
