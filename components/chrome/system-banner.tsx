"use client";

import { useEffect, useState, type ReactNode } from "react";
import { queryKeys } from "@/lib/client/query-keys";
import { useBrowserStorage } from "@/components/ui/use-browser-storage";

// The system banner (spec 3 sections 3, 4, 7 and 9): the super admin's bannerEnabled /
// bannerTitle / bannerText from GET /api/admin/system-settings, polled every 30 s while the tab is
// visible. Dismissible; the dismissed title and text are remembered in localStorage, so the banner
// comes back when either changes. A failed read shows nothing new (the banner is not worth an
// error): the last answer stays. It reads with a plain fetch rather than react-query, so the
// business shell it sits in needs no query client, and its two icons are drawn by the server
// (BusinessShell passes them), so this island carries no icon table (issue 23: first-load JavaScript).

export const BANNER_POLL_MS = 30_000;
export const BANNER_DISMISSED_KEY = "system-banner:dismissed";

type BannerSettings = { bannerEnabled?: boolean; bannerTitle?: string | null; bannerText?: string | null };

/** What identifies one banner: a new title or text is a new banner. */
export const bannerSignature = (title: string, text: string) => JSON.stringify([title, text]);

function usePolledSettings(): BannerSettings | null {
  const [settings, setSettings] = useState<BannerSettings | null>(null);
  useEffect(() => {
    let live = true;
    const read = () =>
      fetch(queryKeys.systemSettings[0], { credentials: "include" })
        .then((res) => (res.ok ? (res.json() as Promise<BannerSettings>) : null))
        .then((next) => {
          if (live && next) setSettings(next);
        })
        .catch(() => undefined);
    void read();
    const timer = setInterval(() => {
      if (document.visibilityState !== "hidden") void read();
    }, BANNER_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return settings;
}

export function SystemBanner({ icon, dismissIcon }: { icon?: ReactNode; dismissIcon?: ReactNode }) {
  const settings = usePolledSettings();
  const [dismissed, setDismissed] = useBrowserStorage("local", BANNER_DISMISSED_KEY);
  const title = settings?.bannerTitle?.trim() ?? "";
  const text = settings?.bannerText?.trim() ?? "";
  if (!settings?.bannerEnabled || (!title && !text)) return null;
  const signature = bannerSignature(title, text);
  if (dismissed === signature) return null;

  return (
    <div role="region" aria-label="System announcement" data-testid="system-banner" className="flex items-start gap-3 border-b bg-primary px-3 py-2 text-sm text-primary-foreground sm:px-4">
      {icon}
      <p className="min-w-0 flex-1 break-words">
        {title && <span className="font-semibold">{title}</span>}
        {title && text && <span aria-hidden> - </span>}
        {text && <span>{text}</span>}
      </p>
      <button type="button" onClick={() => setDismissed(signature)} className="rounded p-0.5 opacity-80 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-primary-foreground focus-visible:outline-none" aria-label="Dismiss announcement">
        {dismissIcon}
      </button>
    </div>
  );
}
