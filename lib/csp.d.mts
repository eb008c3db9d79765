/** The Content-Security-Policy (lib/csp.mjs): with a nonce for pages, without for everything else. */
export function contentSecurityPolicy(opts: { nonce?: string | null; production: boolean; maps: boolean }): string;
