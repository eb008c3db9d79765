/** @jest-environment node */
import net from "node:net";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { isDatabaseUnavailable } from "@/lib/errors/database-unavailable";
import { DATABASE_UNAVAILABLE, toErrorResponse } from "@/lib/errors/api-error";

// Issue 24: restarting PostgreSQL or PgBouncer under load answered 500 ("Something went wrong on
// our side"); an unreachable database is a 503 the client may retry, never reported as our bug.

/** The error shapes seen in `npm run bench:cluster` (adapter-pg wraps the server's error as cause). */
function adapterError(code: string, message: string) {
  return Object.assign(new Error(message), { name: "DriverAdapterError", cause: { originalCode: code, originalMessage: message, kind: "postgres", code, severity: "FATAL", message } });
}

describe("an unreachable database answers 503", () => {
  it.each([
    ["PgBouncer refusing logins while the server restarts", adapterError("08P01", "server login has been failing, try again later (server_login_retry)")],
    ["PostgreSQL shutting down under the connection", adapterError("57P01", "terminating connection due to administrator command")],
    ["PostgreSQL starting up", adapterError("57P03", "the database system is starting up")],
    ["too many connections", adapterError("53300", "sorry, too many clients already")],
    ["the connection dropped mid-query (pg)", new Error("Connection terminated unexpectedly")],
    ["nothing listening (pg)", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:6432"), { code: "ECONNREFUSED" })],
    // seen as a 500 in the second full run: a pooled client whose PgBouncer connection was cut
    ["a pooled client broken by a PgBouncer restart (pg)", new Error("Client has encountered a connection error and is not queryable")],
    ["a raw query cut by a PostgreSQL shutdown (Prisma P2010)", Object.assign(new Error("Raw query failed."), { code: "P2010", meta: { code: "57P01", message: "terminating" } })],
  ])("%s", async (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    const res = toErrorResponse(error);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toMatchObject({ message: DATABASE_UNAVAILABLE });
  });

  it.each([
    ["a unique violation", adapterError("23505", 'duplicate key value violates unique constraint "x"')],
    ["a serialization failure", adapterError("40001", "could not serialize access")],
    ["a bug", new TypeError("Cannot read properties of undefined")],
    ["nothing", undefined],
  ])("but %s does not count as the database being away", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("a query through Prisma's pg adapter to a port nobody listens on becomes a 503", async () => {
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, "127.0.0.1", () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: `postgresql://postgres@127.0.0.1:${port}/none`, connectionTimeoutMillis: 2000 }) });
    const error = await prisma.$queryRaw`SELECT 1`.then(
      () => null,
      (e: unknown) => e,
    );
    await prisma.$disconnect();
    expect(error).not.toBeNull();
    expect(toErrorResponse(error).status).toBe(503);
  });
});
