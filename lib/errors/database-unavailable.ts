// Is this error "the database cannot be reached right now" (restart, failover, a pooler restarting
// or refusing logins), rather than a fault in the request or in our code? Those answer 503, so
// clients and load balancers retry, and nothing is reported as a bug (issue 24: PostgreSQL and
// PgBouncer restarts under load answered 500). Pure: walks the error and its causes.

// SQLSTATE classes/codes: 08 connection exception (PgBouncer says 08P01 "server login has been
// failing"), 57P01-57P03 admin/crash shutdown and "the database system is starting up", 53300 too
// many connections.
const SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
// Node's socket errors from pg when nothing listens or the connection drops mid-query; Prisma's
// "can't reach / closed the connection / pool timeout" codes.
const CODES = new Set(["ECONNREFUSED", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN", "P1001", "P1002", "P1008", "P1017", "P2024"]);
const MESSAGES = /Connection terminated|connection timeout|Connection ended|connection error and is not queryable|server closed the connection|Can't reach database server|database system is (starting up|shutting down|in recovery)|terminating connection due to administrator command|server login has been failing|no more connections allowed/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 4) return false;
  const e = error as { code?: unknown; originalCode?: unknown; message?: unknown; cause?: unknown; kind?: unknown; meta?: unknown };
  for (const code of [e.code, e.originalCode]) {
    if (typeof code === "string" && (CODES.has(code) || SQLSTATE.test(code))) return true;
  }
  if (typeof e.message === "string" && MESSAGES.test(e.message)) return true;
  // adapter-pg reports an unreachable server as { kind: "DatabaseNotReachable" } and friends
  if (typeof e.kind === "string" && /NotReachable|ConnectionClosed|TooManyConnections|SocketTimeout/.test(e.kind)) return true;
  // Prisma's P2010 "Raw query failed" carries the server's SQLSTATE in meta.code
  return isDatabaseUnavailable(e.cause, depth + 1) || isDatabaseUnavailable(e.meta, depth + 1);
}
