// The security headers every response must carry (issue 11 item 7), as one check shared by the
// config test (web-headers-cookies) and the production-server test (web-build).

export type Header = { key: string; value: string };

export function directives(csp: string): Map<string, string[]> {
  return new Map(csp.split(";").map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name, values]));
}

/** The checks every environment's headers must pass; returns the problems found. */
export function headerProblems(headers: Header[] | Headers, { production, maps = false }: { production: boolean; maps?: boolean }): string[] {
  const get = (name: string) =>
    headers instanceof Headers ? headers.get(name) : (headers.find((h) => h.key.toLowerCase() === name.toLowerCase())?.value ?? null);
  const problems: string[] = [];
  const csp = get("content-security-policy");
  if (!csp) return ["no Content-Security-Policy"];
  const d = directives(csp);
  const check = (name: string, ok: (v: string[]) => boolean, what: string) => {
    if (!d.has(name) || !ok(d.get(name)!)) problems.push(`CSP ${name}: ${what} (got ${d.get(name)?.join(" ") ?? "nothing"})`);
  };
  check("default-src", (v) => v.join(" ") === "'self'", "'self' only");
  check("frame-ancestors", (v) => v.join(" ") === "'none'", "'none'");
  check("object-src", (v) => v.join(" ") === "'none'", "'none'");
  check("base-uri", (v) => v.join(" ") === "'self'", "'self'");
  check("form-action", (v) => v[0] === "'self'" && v.every((s) => s === "'self'" || s.startsWith("https://")), "'self' and https hosts");
  check(
    "script-src",
    (v) => !v.includes("*") && !v.includes("http:") && !v.includes("data:") && !v.includes("'unsafe-inline'") && (!production || maps || !v.includes("'unsafe-eval'")),
    "no wildcard, http:, data: or 'unsafe-inline' (issue 19: nonces), no eval in production (Google Maps needs it)",
  );
  check("connect-src", (v) => !v.includes("*") && !v.includes("http:"), "no wildcard or http:");
  check("img-src", (v) => !v.includes("*") && !v.includes("http:"), "no wildcard or http:");
  if (get("referrer-policy") !== "strict-origin-when-cross-origin") problems.push(`Referrer-Policy: ${get("referrer-policy")}`);
  if (get("x-content-type-options") !== "nosniff") problems.push(`X-Content-Type-Options: ${get("x-content-type-options")}`);
  if (get("x-frame-options") !== "DENY") problems.push(`X-Frame-Options: ${get("x-frame-options")}`);
  const hsts = get("strict-transport-security");
  if (production) {
    const maxAge = Number(/max-age=(\d+)/.exec(hsts ?? "")?.[1] ?? 0);
    if (maxAge < 31_536_000) problems.push(`HSTS in production: ${hsts}`);
  } else if (hsts) problems.push(`HSTS outside production: ${hsts}`);
  if (get("x-powered-by")) problems.push("X-Powered-By is sent");
  return problems;
}
