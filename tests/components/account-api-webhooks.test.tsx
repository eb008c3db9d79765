import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApiWebhooksCard } from "@/components/account/api-webhooks-card";
import { installDomShims, installRouteFetch } from "./account-route-fetch";
import { renderWithClient } from "./portal-fixtures";

// Issue 27: the account hub's API & webhooks section.

const key = { id: 7, name: "front till", scope: "write", prefix: "ll_AbCdEfGh", createdAt: "2026-11-25T10:00:00.000Z", lastUsedAt: null, revokedAt: null };
const secretKey = `ll_${"k".repeat(43)}`;

beforeAll(installDomShims);

function routes(overrides: Record<string, unknown> = {}) {
  return installRouteFetch({
    "GET /api/api-keys": { status: 200, body: { keys: [key] } },
    "GET /api/webhook-endpoints": { status: 200, body: { endpoints: [{ id: 3, url: "https://till.example/hooks", secret: "whsec_abc", events: ["points.changed"], createdAt: key.createdAt }] } },
    "GET /api/webhook-endpoints/deliveries": { status: 200, body: { deliveries: [{ id: 11, eventType: "points.changed", status: "failed", attempts: 9, lastStatusCode: 500, lastError: "HTTP 500", nextAttemptAt: null, createdAt: key.createdAt, endpoint: { url: "https://till.example/hooks" } }] } },
    "POST /api/api-keys": { status: 201, body: { key: secretKey, apiKey: { ...key, id: 8, name: "back till" }, message: "Copy this key now: it will not be shown again" } },
    "POST /api/webhook-endpoints/deliveries/11/resend": { status: 200, body: { message: "Delivered" } },
    ...overrides,
  } as Parameters<typeof installRouteFetch>[0]);
}

it("creates a key and shows it once, with the spec of the form checked before sending", async () => {
  const fetch = routes();
  renderWithClient(<ApiWebhooksCard />);
  expect(await screen.findByText("front till")).toBeInTheDocument();
  expect(screen.queryByDisplayValue(secretKey)).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole("button", { name: "create key" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("Please give the key a name");
  expect(fetch.callsTo("POST", "/api/api-keys")).toHaveLength(0);

  await userEvent.type(screen.getByLabelText("key name"), "back till");
  await userEvent.selectOptions(screen.getByLabelText("scope"), "read");
  await userEvent.click(screen.getByRole("button", { name: "create key" }));
  expect(await screen.findByDisplayValue(secretKey)).toBeInTheDocument();
  expect(fetch.callsTo("POST", "/api/api-keys")[0].body).toEqual({ name: "back till", scope: "read" });
  await userEvent.click(screen.getByRole("button", { name: "I have copied it" }));
  expect(screen.queryByDisplayValue(secretKey)).not.toBeInTheDocument();
});

it("shows the endpoints with their secrets and re-sends a delivery from the log", async () => {
  const fetch = routes();
  renderWithClient(<ApiWebhooksCard />);
  expect(await screen.findByDisplayValue("whsec_abc")).toBeInTheDocument();
  expect(await screen.findByText("HTTP 500")).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: /re-send points.changed/ }));
  await waitFor(() => expect(fetch.callsTo("POST", "/api/webhook-endpoints/deliveries/11/resend")).toHaveLength(1));
  expect(await screen.findByText("Delivered")).toBeInTheDocument();
});
