/** @jest-environment node */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { Client } from "pg";

// scripts/lib/pglite-queue-fix.ts keeps one client's extended-protocol exchange (Parse ... Sync)
// together on PGlite's one session. A new connection's start-up and password messages are not such
// an exchange: a client that has connected and not yet queried must not hold the others up (they
// waited until its first query: `npm test`'s workers all share this server).

// PGlite cannot start inside jest's module sandbox (it loads its WASM with import()): a child
// process serves a fresh in-memory one, as the global setup does for `npm test`.
const ROOT = path.resolve(__dirname, "../..");
const SERVE = `import("./scripts/lib/embedded-db.ts").then(async (m) => {
  const db = await (m.startEmbeddedDb ?? m.default.startEmbeddedDb)({ dataDir: "memory", port: 0, maxConnections: 10 });
  process.stdout.write(db.url + "\\n");
  process.stdin.resume();
  process.stdin.on("end", () => db.stop().then(() => process.exit(0)));
})`;
let child: ChildProcess;
const db = { url: "" };
beforeAll(async () => {
  child = spawn(process.execPath, ["--import", "tsx", "-e", SERVE], { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"] });
  db.url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("\n")) resolve(out.trim());
    });
    child.once("exit", (code) => reject(new Error(`the embedded database exited (${code})`)));
  });
}, 180_000);
afterAll(() => {
  child?.stdin?.end();
});

const connected = async () => {
  const c = new Client({ connectionString: db.url });
  await c.connect();
  return c;
};

it("a connected client that has not queried yet does not block another client's connect and query", async () => {
  const idle = await connected();
  const within = (ms: number) => new Promise<string>((resolve) => setTimeout(() => resolve(`nothing after ${ms} ms`), ms).unref());
  const other = (async () => {
    const c = await connected();
    const { rows } = await c.query("SELECT $1::int + 1 AS n", [41]);
    await c.end();
    return rows[0].n as number;
  })();
  expect(await Promise.race([other, within(10_000)])).toBe(42);
  expect((await idle.query("SELECT 'still fine' AS s")).rows).toEqual([{ s: "still fine" }]);
  await idle.end();
}, 60_000);

it("keeps two clients' parameterised queries apart", async () => {
  const clients = await Promise.all([connected(), connected()].map(async (p) => { const c = await p; await c.query("SELECT 1"); return c; }));
  const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => clients[i % 2].query("SELECT $1::int AS i, $2::text AS t", [i, `t${i}`]).then((r) => r.rows[0])));
  expect(answers).toEqual(Array.from({ length: 40 }, (_, i) => ({ i, t: `t${i}` })));
  await Promise.all(clients.map((c) => c.end()));
}, 60_000);
