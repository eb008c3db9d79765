/** @jest-environment node */
import { createServer, type AddressInfo } from "node:net";
import { e2ePort, freePort } from "@/scripts/lib/ports";

// The end-to-end server's port (scripts/e2e.ts picks a free one per run and passes it on as
// E2E_PORT; playwright.config.ts and scripts/e2e-server.ts read it), so two runs on one machine do
// not both ask for 3100.

describe("the e2e server's port", () => {
  it("is E2E_PORT when set, 3100 otherwise, and refuses what is not a port", () => {
    expect(e2ePort({})).toBe(3100);
    expect(e2ePort({ E2E_PORT: " " })).toBe(3100);
    expect(e2ePort({ E2E_PORT: "41234" })).toBe(41234);
    for (const bad of ["0", "70000", "31.5", "port"]) expect(() => e2ePort({ E2E_PORT: bad })).toThrow(`E2E_PORT must be a port number (1-65535), not "${bad}"`);
  });

  it("is what Playwright waits on and browses to", () => {
    const before = process.env.E2E_PORT;
    process.env.E2E_PORT = "41234";
    try {
      jest.isolateModules(() => {
        const config = jest.requireActual("@/playwright.config").default;
        expect(config.webServer).toMatchObject({ port: 41234 });
        expect(config.use.baseURL).toBe("http://127.0.0.1:41234");
      });
    } finally {
      if (before === undefined) delete process.env.E2E_PORT;
      else process.env.E2E_PORT = before;
    }
  });

  it("a run without E2E_PORT gets a port nothing listens on (not one another server holds)", async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, "127.0.0.1", r));
    try {
      const port = await freePort();
      expect(port).not.toBe((taken.address() as AddressInfo).port);
      const probe = createServer();
      await new Promise<void>((resolve, reject) => probe.once("error", reject).listen(port, "127.0.0.1", resolve));
      await new Promise((r) => probe.close(r));
    } finally {
      await new Promise((r) => taken.close(r));
    }
  });
});
