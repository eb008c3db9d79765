// Issue 19, item 12: API answers are about the caller (their session, their business), so no
// browser, proxy or CDN may keep a copy: every response without its own Cache-Control (a QR image
// or a wallet pass sets one) is marked no-store. No server-only import needed: pure header logic.

export function withNoStore(res: Response): Response {
  if (res.headers.has("cache-control")) return res;
  try {
    res.headers.set("Cache-Control", "no-store");
    return res;
  } catch {
    // Some responses (redirects) have immutable headers: copy them.
    const copy = new Response(res.body, res);
    copy.headers.set("Cache-Control", "no-store");
    return copy;
  }
}
