import { publicRoute } from "@/lib/api/route";
import { buildInfo, checkReadiness } from "@/lib/health/check-readiness";

export const dynamic = "force-dynamic";

// GET /api/health/ready - readiness: the database answers and every shipped migration is applied (503 otherwise)
export const GET = publicRoute({}, async () => {
  const r = await checkReadiness();
  return Response.json({ status: r.ready ? "ready" : "not_ready", ...r, ...buildInfo() }, { status: r.ready ? 200 : 503, headers: { "cache-control": "no-store" } });
});
