/** The Content-Security-Policy (lib/csp.mjs): with a nonce for pages, without for everything else. */
export function contentSecurityPolicy(opts: { nonce?: string | null; production: boolean; maps: boolean; reportOrigin?: string | null }): string;
/** The origin browser error reports go to (from NEXT_PUBLIC_SENTRY_DSN), or null when they are off. */
export function errorReportOrigin(dsn: string | undefined | null): string | null;
