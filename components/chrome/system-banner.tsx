"use client";

import { useQuery } from "@tanstack/react-query";
import { Megaphone, X } from "lucide-react";
import { queryKeys } from "@/lib/client/query-keys";
import { useBrowserStorage } from "@/components/ui/use-browser-storage";

// The system banner (spec 3 sections 3, 4, 7 and 9): the super admin's bannerEnabled /
// bannerTitle / bannerText from GET /api/admin/system-settings, polled every 30 s. Dismissible;
// the dismissed title and text are remembered in localStorage, so the banner comes back when
// either changes. A failed read shows nothing (the banner is not worth an error).

export const BANNER_POLL_MS = 30_000;
export const BANNER_DISMISSED_KEY = "system-banner:dismissed";

type BannerSettings = { bannerEnabled?: boolean; bannerTitle?: string | null; bannerText?: string | null };

/** What identifies one banner: a new title or text is a new banner. */
export const bannerSignature = (title: string, text: string) => JSON.stringify([title, text]);

export function SystemBanner() {
  const settings = useQuery<BannerSettings>({ queryKey: queryKeys.systemSettings, refetchInterval: BANNER_POLL_MS });
  const [dismissed, setDismissed] = useBrowserStorage("local", BANNER_DISMISSED_KEY);
  const title = settings.data?.bannerTitle?.trim() ?? "";
  const text = settings.data?.bannerText?.trim() ?? "";
  if (!settings.data?.bannerEnabled || (!title && !text)) return null;
  const signature = bannerSignature(title, text);
  if (dismissed === signature) return null;

  return (
    <div role="region" aria-label="System announcement" data-testid="system-banner" className="flex items-start gap-3 border-b bg-primary px-3 py-2 text-sm text-primary-foreground sm:px-4">
      <Megaphone className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1 break-words">
        {title && <span className="font-semibold">{title}</span>}
        {title && text && <span aria-hidden> - </span>}
        {text && <span>{text}</span>}
      </p>
      <button type="button" onClick={() => setDismissed(signature)} className="rounded p-0.5 opacity-80 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-primary-foreground focus-visible:outline-none" aria-label="Dismiss announcement">
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
