/** @type {import('next').NextConfig} */
import { contentSecurityPolicy, errorReportOrigin } from "./lib/csp.mjs";

// Exception to "every environment read goes through lib/env.ts" (docs/architecture.md): this file
// runs in plain Node before the app is bundled and cannot import TypeScript server modules.

// Security headers for every response. The CSP here has no nonce (no inline script may run);
// middleware.ts replaces it on pages with one carrying the request's nonce (lib/csp.mjs).
const isProd = process.env.NODE_ENV === "production";
// The GB address autocomplete (Google Maps Places) is only allowed when a maps key is built in.
const maps = Boolean(process.env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY);
// Browser error reports (instrumentation-client.ts) are on only when a build sets NEXT_PUBLIC_SENTRY_DSN.
const csp = contentSecurityPolicy({ production: isProd, maps, reportOrigin: errorReportOrigin(process.env.NEXT_PUBLIC_SENTRY_DSN) });

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
  // Compiled with the app (harmless for the build; lets next/jest compile its import() for jest).
  transpilePackages: ["@react-email/render"],
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "@walletpass/pass-js"],
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
