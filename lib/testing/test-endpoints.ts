import { envNow } from "@/lib/env";

// The /api/test/* outbox readers serve anyone only in development and test runs, or when a test
// server sets ENABLE_TEST_ENDPOINTS=1 (the e2e server does). On any other production build a
// signed-in business may still read its own simulated messages (the spec's email popup), but nobody
// can read someone else's code or link by naming the recipient.
export function testEndpointsOpen(): boolean {
  return envNow("NODE_ENV") !== "production" || envNow("ENABLE_TEST_ENDPOINTS") === "1";
}
