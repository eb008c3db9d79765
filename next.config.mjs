/** @type {import('next').NextConfig} */

// Security headers for every response. The CSP allows inline styles (Radix/Tailwind) and the
// inline bootstrapping scripts Next emits; tighten with nonces once the app settles.
const isProd = process.env.NODE_ENV === "production";
// The GB address autocomplete (Google Maps Places) is only allowed when a maps key is built in;
// the hosts are the allow-list Google documents for the Maps JavaScript API under a CSP.
// docs/decisions.md "Security headers" explains each directive.
const maps = Boolean(process.env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY);
const ifMaps = (hosts) => (maps ? ` ${hosts}` : "");
const csp = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isProd && !maps ? "" : " 'unsafe-eval'"}${ifMaps("blob: https://*.googleapis.com https://*.gstatic.com https://*.google.com")}`,
  `style-src 'self' 'unsafe-inline'${ifMaps("https://fonts.googleapis.com")}`,
  `img-src 'self' data: blob:${ifMaps("https://*.googleapis.com https://*.gstatic.com https://*.google.com https://*.googleusercontent.com")}`,
  `font-src 'self' data:${ifMaps("https://fonts.gstatic.com")}`,
  `connect-src 'self'${ifMaps("https://*.googleapis.com https://*.google.com https://*.gstatic.com data: blob:")}`,
  `frame-src 'self'${ifMaps("https://*.google.com")}`,
  `worker-src 'self' blob:`,
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self' https://checkout.stripe.com https://billing.stripe.com",
].join("; ");

const securityHeaders = [
  { key: "Content-Security-Policy", value: csp },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(self), microphone=(), geolocation=()" },
  ...(isProd ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }] : []),
];

const nextConfig = {
  // Benchmarks build into their own folder (NEXT_DIST_DIR) so they never race an e2e build.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // `npm run typecheck` (and CI) type-check the whole tree; builds made only to run e2e tests or
  // benchmarks may skip repeating it with SKIP_BUILD_TYPECHECK=1.
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === "1" },
  reactStrictMode: true,
  // Public settings built into client code: the customer legal text's support address (SUPPORT_EMAIL).
  env: { SUPPORT_EMAIL: process.env.SUPPORT_EMAIL ?? "" },
  // /api/health/ready compares the applied migrations with the ones this build ships.
  outputFileTracingIncludes: { "/api/health/ready": ["./prisma/migrations/**/migration.sql"] },
  poweredByHeader: false,
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "@walletpass/pass-js"],
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
