import Link from "next/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

// Renders the generated OpenAPI document (issue 27) as a page: each operation with its scope,
// parameters, request body and answers; the webhook events and how to check their signatures.

type Json = Record<string, unknown>;
type Operation = { operationId: string; summary: string; description: string; "x-scope": string; parameters: Json[]; requestBody?: { content: Record<string, { schema: Json }> }; responses: Record<string, { description: string; content?: Record<string, { schema: Json }> }> };

const pretty = (v: unknown) => JSON.stringify(v, null, 2);

function Schema({ schema }: { schema: Json }) {
  // Long lines wrap (nothing scrolls sideways on a phone); tabIndex: the box scrolls down, so the
  // keyboard must reach it (axe scrollable-region-focusable).
  return (
    <pre tabIndex={0} aria-label="JSON schema" className="max-h-80 overflow-y-auto whitespace-pre-wrap rounded-md bg-muted p-3 text-xs [overflow-wrap:anywhere]">
      {pretty(schema)}
    </pre>
  );
}

export function ApiReference({ doc }: { doc: Json }) {
  const info = doc.info as { title: string; version: string; description: string };
  const paths = doc.paths as Record<string, Record<string, Operation>>;
  const webhooks = doc.webhooks as Record<string, { post: { description: string } }>;
  const base = (doc.servers as Array<{ url: string }>)[0]?.url ?? "/api/v1";
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold">
          {info.title} <span className="text-base font-normal text-muted-foreground">v{info.version}</span>
        </h1>
        <p className="text-sm">{info.description}</p>
        <p className="text-sm">
          machine-readable: <a className="underline" href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1). create keys and webhook endpoints in the{" "}
          <Link className="underline" href="/account">
            account hub
          </Link>
          .
        </p>
      </div>
      {Object.entries(paths).flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => (
          <Card key={op.operationId} id={op.operationId}>
            <CardHeader>
              <CardTitle className="font-mono text-base">
                {method.toUpperCase()} {base}
                {path}
              </CardTitle>
              <CardDescription>
                {op.summary} · needs a {op["x-scope"]} key
              </CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-3 text-sm">
              <p>{op.description}</p>
              {op.parameters.length > 0 && (
                <ul className="grid gap-1">
                  {op.parameters.map((p) => (
                    <li key={`${p.in}-${p.name}`}>
                      <span className="font-mono">{String(p.name)}</span> ({String(p.in)}
                      {p.required ? ", required" : ""}){p.description ? `: ${String(p.description)}` : ""}
                    </li>
                  ))}
                </ul>
              )}
              {op.requestBody && (
                <div className="grid grid-cols-1 gap-1">
                  <h3 className="font-medium">request body</h3>
                  <Schema schema={op.requestBody.content["application/json"].schema} />
                </div>
              )}
              <div className="grid grid-cols-1 gap-1">
                <h3 className="font-medium">answers</h3>
                <ul className="grid gap-1">
                  {Object.entries(op.responses).map(([status, r]) => (
                    <li key={status}>
                      <span className="font-mono">{status}</span> {r.description}
                    </li>
                  ))}
                </ul>
                {Object.entries(op.responses)
                  .filter(([status]) => status.startsWith("2"))
                  .map(([status, r]) => r.content && <Schema key={status} schema={r.content["application/json"].schema} />)}
              </div>
            </CardContent>
          </Card>
        )),
      )}
      <Card>
        <CardHeader>
          <CardTitle>webhook events</CardTitle>
          <CardDescription>{Object.keys(webhooks).join(", ")}</CardDescription>
        </CardHeader>
        <CardContent className="text-sm">
          <p>{Object.values(webhooks)[0]?.post.description}</p>
        </CardContent>
      </Card>
    </div>
  );
}
