import { z } from "zod";
import { businessRoute } from "@/lib/api/route";
import { AUTOMATION_KINDS } from "@/lib/automations/automation-rules";
import { listAutomationSends } from "@/lib/automations/manage-automations";

const query = z.object({
  kind: z.enum(AUTOMATION_KINDS, { message: "unknown automation" }).optional(),
  before: z.string().regex(/^\d{1,18}$/, "before must be a log entry id").optional(),
  limit: z.coerce.number().int().min(1, "limit must be between 1 and 200").max(200, "limit must be between 1 and 200").default(50),
});

// GET /api/automations/log - what the automations sent to whom and why, newest first (?kind=&before=&limit=)
export const GET = businessRoute({ query }, ({ auth, query: q }) => listAutomationSends(auth.businessId, { kind: q.kind, before: q.before ? BigInt(q.before) : undefined, limit: q.limit }));
