import type { Metadata } from "next";
import { MaintenanceScreen } from "@/components/gate/maintenance-screen";

export const metadata: Metadata = { title: "We'll be back soon" };

export default function Page() {
  return <MaintenanceScreen />;
}
