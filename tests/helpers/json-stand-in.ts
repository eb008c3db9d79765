import http from "node:http";
import type { AddressInfo } from "node:net";

// The HTTP part of a vendor stand-in that answers JSON (tests/helpers/resend-stand-in.ts,
// twilio-stand-in.ts): reads each request's whole body, lets the stand-in answer, writes the answer.

export type JsonAnswer = { status: number; body: Record<string, unknown> };

/** What every stand-in offers: its address, the requests it saw, failures on demand, and close. */
export type StandIn<Request> = {
  url: string;
  requests: Request[];
  /** Answer the next n requests with the vendor's error for this status, then behave again. */
  failNext(n: number, status: number): void;
  close(): Promise<void>;
};

export async function serveJson(answer: (req: http.IncomingMessage, rawBody: string) => JsonAnswer): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const a = answer(req, Buffer.concat(chunks).toString("utf8"));
      res.writeHead(a.status, { "content-type": "application/json" });
      res.end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
