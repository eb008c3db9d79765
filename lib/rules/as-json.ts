// A server component hands a client island what the route handler would have answered: the value as
// Response.json sends it (dates as ISO strings, no undefined), typed as the client reads the route.
// Issue 23: pages read their first screen on the server instead of asking the API after hydration.
export function asJson<T>(value: unknown): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
