"use client";

import { useEffect, useState } from "react";
import { greetingLine } from "@/lib/rules/greeting";

/** "good morning, {business}": the server's UK hour in the first HTML (it is the page's largest
 *  paint), then the viewer's own clock once mounted. */
export function DashboardGreeting({ businessName, initialHour }: { businessName?: string | null; initialHour: number }) {
  const [hour, setHour] = useState(initialHour);
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setHour(new Date().getHours()), []);
  return <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{greetingLine(hour, businessName)}</h1>;
}
