// The super-admin dashboard's tabs, in order (the page reads ?tab= with these on the server).
export const ADMIN_TABS = [
  { id: "overview", label: "Overview" },
  { id: "businesses", label: "Businesses" },
  { id: "support", label: "Support chat" },
  { id: "messages", label: "Messages" },
  { id: "cards", label: "Loyalty cards" },
  { id: "system", label: "System" },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]["id"];

export function adminTabOf(value: string | string[] | undefined): AdminTab {
  return ADMIN_TABS.find((t) => t.id === value)?.id ?? "overview";
}
