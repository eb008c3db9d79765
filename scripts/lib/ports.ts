// Local TCP ports for the processes the benches, the security suite and the end-to-end tests start
// (Next.js servers, PostgreSQL, PgBouncer, HAProxy): one the OS has just handed out, whether
// anything listens, and the e2e server's.
import net from "node:net";

/** A port nothing listens on at this moment (the OS picks it; listen on it soon). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts TCP connections on this port of 127.0.0.1 now. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

/** The end-to-end server's port (playwright.config.ts, scripts/e2e-server.ts): E2E_PORT, which
 *  `npm run test:e2e` (scripts/e2e.ts) sets to a free port for each run unless it is given, else 3100
 *  (a bare `npx playwright test`). */
export function e2ePort(env: Record<string, string | undefined> = process.env): number {
  const raw = env.E2E_PORT?.trim();
  if (!raw) return 3100;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`E2E_PORT must be a port number (1-65535), not "${raw}"`);
  return port;
}
