import type { Metadata } from "next";
import { CardHubPage } from "@/components/cards/card-hub-page";

export const metadata: Metadata = { title: "Loyalty cards" };

export default function Page() {
  return <CardHubPage />;
}
