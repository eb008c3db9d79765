// Local TCP ports for the processes the benches and the security suite start (Next.js servers,
// PostgreSQL, PgBouncer, HAProxy): one the OS has just handed out, and whether anything listens.
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
