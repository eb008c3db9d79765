/** @jest-environment node */
import { POST as login } from "@/app/api/auth/login/route";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { recordTally } from "./support/tally";
import { label, loadEndpoints, pathOf, type Endpoint } from "./support/routes";

// Issue 11 item 7, CSRF: every cookie-authenticated write, generated from the route files, is
// refused (403, before anything runs) when a browser says it comes from another site: a foreign
// Origin, the opaque "null" origin, or, from a browser that left Origin out, Sec-Fetch-Site or
// Referer naming another site. Cron and webhook routes take no cookies and are exempt.

const HOST = "app.example.test";
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const FORGED: [string, Record<string, string>][] = [
  ["foreign Origin", { origin: "https://evil.example" }],
  ["look-alike Origin", { origin: `https://${HOST}.evil.example` }],
  ["opaque Origin", { origin: "null" }],
  ["no Origin, Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
  ["no Origin, Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
  ["no Origin, foreign Referer", { referer: "https://evil.example/page" }],
];

let endpoints: Endpoint[] = [];
let cookie = "";

beforeAll(async () => {
  endpoints = (await loadEndpoints()).filter((e) => WRITES.has(e.method) && e.audience !== "cron" && e.audience !== "webhook" && e.audience !== "api-key"); // api-key: no cookie, nothing to forge
  cookie = (await createBusinessSession()).cookie;
}, 60_000);

it("finds the product's cookie-authenticated writes", () => {
  expect(endpoints.length).toBeGreaterThan(40);
});

it.each(FORGED)("every write refuses a forged request: %s", async (_name, forged) => {
  const accepted: string[] = [];
  for (const e of endpoints) {
    const params = Object.fromEntries(e.params.map((p) => [p, "1"]));
    const res = await call(e.handler, { method: e.method, path: pathOf(e, params), params, cookie, body: {}, headers: { host: HOST, ...forged } });
    recordTally("webChecks");
    if (res.status >= 500) recordTally("serverErrors");
    if (res.status !== 403 || (res.json as { message?: string })?.message !== "Cross-site request refused") accepted.push(`${label(e)} -> ${res.status}`);
  }
  expect(accepted).toEqual([]);
}, 120_000);

it("a same-origin browser write and a non-browser client (no Origin, Sec-Fetch-Site or Referer) go through", async () => {
  const body = { email: "nobody@example.test", password: "wrong-password-1" };
  const sameOrigin = await call(login, { method: "POST", body, headers: { host: HOST, origin: `https://${HOST}`, "sec-fetch-site": "same-origin", referer: `https://${HOST}/auth` } });
  const cli = await call(login, { method: "POST", body, headers: { host: HOST } });
  recordTally("webChecks", 2);
  expect([sameOrigin.status, cli.status]).toEqual([401, 401]);
});
