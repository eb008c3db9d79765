import { Suspense } from "react";
import type { Metadata } from "next";
import { PasscodeGate } from "@/components/gate/passcode-gate";

export const metadata: Metadata = { title: "Access restricted" };

export default function Page() {
  return (
    <Suspense>
      <PasscodeGate />
    </Suspense>
  );
}
