import type { Metadata } from "next";
import { ActivityHub } from "@/components/activity/activity-hub";

export const metadata: Metadata = { title: "Activity" };

export default function Page() {
  return <ActivityHub />;
}
