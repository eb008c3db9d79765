"use client";

import dynamic from "next/dynamic";
import { loadWithQueryClient } from "@/components/load-with-query-client";

// The chat, the admin-message modal and the idle timeout show nothing on first paint (a floating
// button, and dialogs that open later), so they load after hydration in their own chunks: their
// dialog and form code stays out of every business page's first-load JavaScript.
// The first two read queries: each brings react-query's provider with its own code (the business
// layout mounts none).
const AdminMessagesModal = dynamic(loadWithQueryClient(() => import("@/components/chrome/admin-messages-modal").then((m) => m.AdminMessagesModal)), { ssr: false });
const SupportChatWidget = dynamic(loadWithQueryClient(() => import("@/components/chrome/support-chat-widget").then((m) => m.SupportChatWidget)), { ssr: false });
const SessionTimeout = dynamic(() => import("@/components/session/session-timeout").then((m) => m.SessionTimeout), { ssr: false });

export function ShellWidgets({ adminMode }: { adminMode: boolean }) {
  return (
    <>
      <AdminMessagesModal disabled={adminMode} />
      <SupportChatWidget />
      <SessionTimeout />
    </>
  );
}
