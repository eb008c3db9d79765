/** @jest-environment node */
import { NextRequest } from "next/server";
import { GET as logoutGet } from "@/app/api/logout/route";
import { GET as nextAuthGet, POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { POST as sendSignupCode } from "@/app/api/auth/signup/send-code/route";
import { middleware, normalisedPath } from "@/middleware";
import { safeRedirectPath } from "@/lib/auth/safe-redirect";
import { call } from "../helpers/http";
import { createBusinessSession, randomMobile } from "../helpers/factories";

// Issue 19, items 9 and 10: redirects, cross-site sign-out, next-auth's closed routes and sign-up
// enumeration.

describe("item 9: redirects go only to paths of our own origin", () => {
  it("GET /api/logout never builds its Location from X-Forwarded-Host or Host", async () => {
    const biz = await createBusinessSession();
    const res = await call(logoutGet, { cookie: biz.cookie, headers: { "x-forwarded-host": "evil.example", host: "evil.example", "x-forwarded-proto": "http" } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/auth");
  });

  it("the passcode gate's next parameter: same-origin paths only", () => {
    const origin = "https://app.example";
    const refused = ["/\\evil.example/b", "/%09/evil.example/c", "//evil.example", "/%2F/evil.example", "https://evil.example/", "javascript:alert(1)", "/%5Cevil.example", "\\\\evil.example", "/\t/evil.example", "", "dashboard", "/%E0%A4%A"];
    for (const next of refused) expect(safeRedirectPath(next, origin)).toBe("/");
    expect(safeRedirectPath("/dashboard?tab=1#top", origin)).toBe("/dashboard?tab=1#top");
    expect(safeRedirectPath("/customers/../dashboard", origin)).toBe("/dashboard");
    expect(safeRedirectPath(null, origin)).toBe("/");
  });
});

describe("item 10: cross-site sign-out, next-auth's own routes, sign-up enumeration", () => {
  it("a cross-site link does not sign anyone out; our own link and a typed address do", async () => {
    const biz = await createBusinessSession();
    for (const site of ["cross-site", "same-site"]) {
      const res = await call(logoutGet, { cookie: biz.cookie, headers: { "sec-fetch-site": site } });
      expect(res.status).toBe(403);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    expect((await call(currentUser, { cookie: biz.cookie })).status).toBe(200);
    expect((await call(logoutGet, { cookie: biz.cookie, headers: { "sec-fetch-site": "same-origin" } })).status).toBe(303);
    expect((await call(currentUser, { cookie: biz.cookie })).status).toBe(401);
  });

  it("the middleware closes next-auth's sign-in and callback however the path is spelt", async () => {
    for (const path of ["/api/auth/signin", "/api/auth/%73ignin", "/api/auth/%2573ignin", "/api//auth/./signin/", "/api/auth/x/../callback/credentials", "/api/auth/SIGNIN"]) {
      const res = await middleware(new NextRequest(`http://localhost${path}`));
      expect([path, res.status]).toEqual([path, 404]);
    }
    expect(normalisedPath("/api/auth/%73ignin")).toBe("/api/auth/signin");
    const ok = await middleware(new NextRequest("http://localhost/api/auth/session"));
    expect(ok.status).toBe(200);
  });

  it("next-auth's catch-all refuses sign-in and callback itself too", async () => {
    for (const seg of ["signin", "callback", "SignIn"]) {
      for (const handler of [nextAuthGet, nextAuthPost]) {
        const req = new NextRequest(`http://localhost/api/auth/${seg}`, { method: "POST" });
        const res = await handler(req, { params: Promise.resolve({ nextauth: [seg, "credentials"] }) });
        expect(res.status).toBe(404);
      }
    }
  });

  it("sign-up's send-code answers the same for an email that has an account", async () => {
    const existing = await createBusinessSession();
    const send = (email: string) => call(sendSignupCode, { method: "POST", body: { phone: randomMobile(), email } });
    const taken = await send(existing.email);
    const fresh = await send(`fresh-${Date.now()}@example.test`);
    expect(taken.status).toBe(200);
    expect(fresh.status).toBe(200);
    expect(Object.keys(taken.json).sort()).toEqual(Object.keys(fresh.json).sort());
  });
});
