import { errorMessage } from "@/lib/client/api";

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
