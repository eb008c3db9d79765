import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

// Starts and stops app instances (tests/security/support/instance-server.ts) as child processes
// against the test database, and speaks HTTP to them.

const SERVER = path.join(__dirname, "instance-server.ts");
const ROOT = path.resolve(__dirname, "..", "..", "..");

export type Instance = {
  url: string;
  child: ChildProcess;
  /** stderr so far: a failing test shows what the instance said. */
  log: () => string;
  stop: () => Promise<void>;
  kill: (signal: NodeJS.Signals) => Promise<void>;
};

export async function startInstance(env: Record<string, string> = {}): Promise<Instance> {
  const child = spawn(process.execPath, ["--import", "tsx", SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: "0",
      DATABASE_POOL_MAX: "8",
      // each instance is its own process: never inherit a jest worker's settings beyond these
      NODE_OPTIONS: "",
      ...env,
    } as NodeJS.ProcessEnv,
    // stdin stays open while this process lives: the instance exits when it closes (a killed jest
    // worker leaves no server behind).
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`instance did not start in 60 s:\n${stderr}`)), 60_000);
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /LISTENING (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited with ${code} before listening:\n${stderr}`));
    });
  });

  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url: `http://127.0.0.1:${port}`, child, log: () => stderr, kill, stop: () => kill("SIGTERM") };
}

export type HttpAnswer<T = Record<string, unknown>> = { status: number; json: T; text: string; headers: Headers };

/** One HTTP request to an instance; a connection error is returned as status 0 (not thrown). */
export async function request<T = Record<string, unknown>>(
  base: string,
  pathname: string,
  opts: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string>; peer?: string } = {},
): Promise<HttpAnswer<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.peer) headers["x-test-peer"] = opts.peer;
  try {
    const res = await fetch(`${base}${pathname}`, {
      method: opts.method ?? (opts.body !== undefined ? "POST" : "GET"),
      headers,
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, json: json as T, text, headers: res.headers };
  } catch {
    return { status: 0, json: undefined as T, text: "", headers: new Headers() };
  }
}

/** Warms an instance's route modules (the first import of a route compiles its module graph). */
export async function warm(instance: Instance, paths: string[]): Promise<void> {
  for (const p of paths) await request(instance.url, p);
}

/** Two instances against one database for the calling test file, started before its tests and
 *  stopped after them. `url(i)` alternates between them (even i: the first). */
export function setUpTwoInstances(): { url: (i: number) => string } {
  let pair: Instance[] = [];
  beforeAll(async () => {
    pair = await Promise.all([startInstance(), startInstance()]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all(pair.map((p) => p.stop()));
  });
  return { url: (i) => pair[i % 2].url };
}
