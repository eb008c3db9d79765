import type { Metadata } from "next";
import { PointsHub } from "@/components/points/points-hub";

export const metadata: Metadata = { title: "Points" };

export default function Page() {
  return <PointsHub />;
}
