// Customer-facing pages (portal, preferences, membership confirmation). They are public: each
// page proves the customer's control of their address before showing personal data.
export default function PortalLayout({ children }: { children: React.ReactNode }) {
  return <div className="min-h-screen bg-gradient-to-b from-primary/5 to-background">{children}</div>;
}
