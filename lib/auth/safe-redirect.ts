// Where a "next" parameter may send the browser (issue 19, item 9): only a path of our own origin.
// Parsed with URL against our origin, and refused when the raw value or its percent-decoded form
// holds anything a browser or a proxy might read as another host: a backslash ("/\evil.example"),
// a leading "//", or a control character ("/%09/evil.example": tabs and newlines are dropped by
// URL parsers, which turns "/\t/evil.example" into "//evil.example"). No server-only import: the
// passcode gate uses it in the browser.

const SUSPICIOUS = /[\\\u0000-\u001f\u007f]/;

export function safeRedirectPath(next: string | null | undefined, origin: string, fallback = "/"): string {
  if (!next || next.length > 2000) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(next);
  } catch {
    return fallback;
  }
  for (const v of [next, decoded]) {
    if (!v.startsWith("/") || v.startsWith("//") || SUSPICIOUS.test(v)) return fallback;
  }
  try {
    const base = new URL(origin);
    const url = new URL(next, base);
    if (url.origin !== base.origin || url.pathname.startsWith("//")) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
