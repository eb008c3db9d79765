import type { Metadata } from "next";
import { ApiReference } from "@/components/developers/api-reference";
import { buildOpenApiDocument } from "@/lib/api-v1/openapi";

export const metadata: Metadata = { title: "API documentation" };

// The readable form of /api/v1/openapi.json (issue 27): the same generated document.
export default function Page() {
  return <ApiReference doc={buildOpenApiDocument()} />;
}
