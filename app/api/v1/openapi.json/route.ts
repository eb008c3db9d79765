import { publicRoute } from "@/lib/api/route";
import { buildOpenApiDocument } from "@/lib/api-v1/openapi";

// GET /api/v1/openapi.json - the OpenAPI 3.1 document of /api/v1, generated from the routes' zod schemas
export const GET = publicRoute({}, () => buildOpenApiDocument());
