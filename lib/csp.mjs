// The Content-Security-Policy, in one place for next.config.mjs (every response) and middleware.ts
// (pages, with a fresh nonce per request). Plain JavaScript so next.config.mjs can import it.
//
// Issue 19, item 12: scripts run only with the request's nonce ('strict-dynamic' lets those
// scripts load the chunks they need), never 'unsafe-inline', so an injected <script> does not run
// even if some markup escapes. Next reads the nonce from the request's CSP header and puts it on
// its own scripts (pages are rendered per request: app/layout.tsx). Responses that are not pages
// (API JSON, files) get the same policy without a nonce: no inline script at all.
// Styles keep 'unsafe-inline' (Radix and Tailwind set style attributes). 'unsafe-eval' only in
// development (React's dev tools) or with the Google Maps key (its loader needs it). The Maps
// hosts are the allow-list Google documents for the Maps JavaScript API; docs/decisions.md
// "Security headers" explains each directive. Browser error reports (issue 22 item 4) may go to the
// origin of NEXT_PUBLIC_SENTRY_DSN only when a build turns them on (instrumentation-client.ts).

/**
 * The origin browser error reports go to, or null: client reporting is off without a valid DSN.
 * @param {string | undefined | null} dsn
 * @returns {string | null}
 */
export function errorReportOrigin(dsn) {
  if (!dsn) return null;
  try {
    const url = new URL(dsn);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * @param {{ nonce?: string | null, production: boolean, maps: boolean, reportOrigin?: string | null }} opts
 * @returns {string}
 */
export function contentSecurityPolicy({ nonce = null, production, maps, reportOrigin = null }) {
  const ifMaps = (hosts) => (maps ? ` ${hosts}` : "");
  // 'wasm-unsafe-eval': compiling WebAssembly (the QR scanner's ZXing reader, served from 'self'),
  // which allows no JavaScript eval.
  const scripts = `${nonce ? `'self' 'nonce-${nonce}' 'strict-dynamic'` : "'self'"} 'wasm-unsafe-eval'`;
  return [
    "default-src 'self'",
    `script-src ${scripts}${production && !maps ? "" : " 'unsafe-eval'"}${ifMaps("blob: https://*.googleapis.com https://*.gstatic.com https://*.google.com")}`,
    `style-src 'self' 'unsafe-inline'${ifMaps("https://fonts.googleapis.com")}`,
    `img-src 'self' data: blob:${ifMaps("https://*.googleapis.com https://*.gstatic.com https://*.google.com https://*.googleusercontent.com")}`,
    `font-src 'self' data:${ifMaps("https://fonts.gstatic.com")}`,
    `connect-src 'self'${ifMaps("https://*.googleapis.com https://*.google.com https://*.gstatic.com data: blob:")}${reportOrigin ? ` ${reportOrigin}` : ""}`,
    `frame-src 'self'${ifMaps("https://*.google.com")}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self' https://checkout.stripe.com https://billing.stripe.com",
  ].join("; ");
}
