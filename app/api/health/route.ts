import { publicRoute } from "@/lib/api/route";
import { buildInfo } from "@/lib/health/check-readiness";

export const dynamic = "force-dynamic";

// GET /api/health - liveness: the process answers (no database), with the version and commit served
export const GET = publicRoute({}, () => Response.json({ status: "ok", ...buildInfo() }, { headers: { "cache-control": "no-store" } }));
