import { render, screen } from "@testing-library/react";
import { ApiReference } from "@/components/developers/api-reference";
import { buildOpenApiDocument } from "@/lib/api-v1/openapi";
import { V1_OPERATIONS } from "@/lib/api-v1/operations";

// Issue 27: the /developers page renders the generated document: every operation, its scope,
// the Idempotency-Key header on writes, and the webhook events.

it("shows every operation of the generated document with its scope", () => {
  render(<ApiReference doc={buildOpenApiDocument()} />);
  for (const op of V1_OPERATIONS) {
    expect(screen.getByText(`${op.method.toUpperCase()} /api/v1${op.path}`)).toBeInTheDocument();
    expect(screen.getByText(`${op.summary} · needs a ${op.scope} key`)).toBeInTheDocument();
  }
  expect(screen.getAllByText("Idempotency-Key")).toHaveLength(V1_OPERATIONS.filter((o) => o.idempotent).length);
  expect(screen.getByText("points.changed, customer.created, voucher.sent, voucher.redeemed")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "/api/v1/openapi.json" })).toHaveAttribute("href", "/api/v1/openapi.json");
});
