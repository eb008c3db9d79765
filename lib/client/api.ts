import type { QueryFunction } from "@tanstack/react-query";

// Spec 1 section 1 / spec 3 section 7: every call carries cookies, JSON bodies go with a JSON
// content type, any non-OK response is an Error whose message is "{status}: {body text or status
// text}", and nothing is retried.

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { "Content-Type": "application/json" } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: "include",
  });
  await throwIfNotOk(res);
  return res;
}

/** apiRequest + JSON body, for mutations that read the answer. */
export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

type UnauthorizedBehavior = "returnNull" | "throw";

/** Reads: the query key's first element is the path. With on401 "returnNull" (the signed-in user
 *  lookup only) a 401 yields null instead of an error. */
export const getQueryFn =
  <T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> =>
  async ({ queryKey }) => {
    const res = await fetch(String(queryKey[0]), { credentials: "include" });
    if (on401 === "returnNull" && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };

/** The human part of an API error: the body's `message` (or `error.message`, or `error`), else
 *  the whole "{status}: {text}" message. Used for the spec's "server message" in toasts. */
export function errorMessage(error: unknown, fallback?: string): string {
  if (!(error instanceof Error)) return fallback ?? "Something went wrong";
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message);
  if (!match) return error.message || fallback || "Something went wrong";
  const body = match[2];
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: unknown };
    if (typeof parsed.message === "string" && parsed.message) return parsed.message;
    if (parsed.error && typeof parsed.error === "object" && typeof (parsed.error as { message?: unknown }).message === "string") {
      return (parsed.error as { message: string }).message;
    }
    if (typeof parsed.error === "string") return parsed.error;
  } catch {
    // not JSON: the text itself is the message
  }
  return body || fallback || error.message;
}

/** The form field an API error names (`field` in its body), if any, so the form can show it there. */
export function errorField(error: unknown): string | null {
  const match = error instanceof Error ? /^\d{3}: ([\s\S]*)$/.exec(error.message) : null;
  if (!match) return null;
  try {
    const field = (JSON.parse(match[1]) as { field?: unknown }).field;
    return typeof field === "string" ? field : null;
  } catch {
    return null;
  }
}

/** The numeric status of an API error, if it came from apiRequest. */
export function errorStatus(error: unknown): number | null {
  const m = error instanceof Error ? /^(\d{3}):/.exec(error.message) : null;
  return m ? Number(m[1]) : null;
}

/** The server's own message from an API error body, else the spec's default for that toast (a
 *  network failure, an HTML error page or an empty body shows the default, not "Failed to fetch"). */
export function serverMessage(error: unknown, fallback: string): string {
  const match = error instanceof Error ? /^\d{3}: ([\s\S]*)$/.exec(error.message) : null;
  if (!match) return fallback;
  try {
    const body = JSON.parse(match[1]) as unknown;
    if (body && typeof body === "object") return errorMessage(error, fallback);
  } catch {
    // not JSON
  }
  return fallback;
}
