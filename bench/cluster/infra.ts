// The real parts of `npm run bench:cluster` other than the app: a PostgreSQL cluster of the bench's
// own (initdb into a temp dir, its own port, so restarting "the database" never touches the shared
// server on 5432), PgBouncer in transaction mode in front of it and HAProxy in front of the app
// instances. Every process is registered with a Reaper that stops it at the end, on failure too.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort, isListening } from "../../scripts/lib/ports";

const PG_BIN = (() => {
  const dir = "/usr/lib/postgresql";
  const versions = fs.existsSync(dir) ? fs.readdirSync(dir).filter((v) => fs.existsSync(path.join(dir, v, "bin", "postgres"))) : [];
  if (!versions.length) throw new Error("PostgreSQL server binaries not found (scripts/ensure-cluster-tools.sh installs them)");
  return path.join(dir, versions.sort((a, b) => Number(b) - Number(a))[0], "bin");
})();

/** PostgreSQL and PgBouncer refuse to run as root: when we are root, run them as `postgres`. */
function serviceUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  return { uid, gid };
}

export { freePort };

export async function waitForPort(port: number, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await isListening(port)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on ${port} after ${ms} ms`);
}

/** Stops everything it was given, newest first, once (also on SIGINT/SIGTERM and uncaught errors). */
export class Reaper {
  private stops: { name: string; stop: () => Promise<void> | void }[] = [];
  private done = false;
  constructor() {
    for (const sig of ["SIGINT", "SIGTERM"] as const) {
      process.once(sig, () => {
        console.error(`bench:cluster: ${sig}, stopping everything it started`);
        void this.stopAll().finally(() => process.exit(130));
      });
    }
  }
  add(name: string, stop: () => Promise<void> | void) {
    this.stops.push({ name, stop });
  }
  async stopAll() {
    if (this.done) return;
    this.done = true;
    for (const s of this.stops.reverse()) {
      try {
        await s.stop();
      } catch (e) {
        console.error(`bench:cluster: stopping ${s.name}: ${(e as Error).message}`);
      }
    }
  }
}

/** SIGKILL a detached child's whole process group, and wait for it to be gone. */
export async function killGroup(child: ChildProcess, signal: NodeJS.Signals = "SIGKILL") {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  try {
    process.kill(-child.pid!, signal);
  } catch {
    /* already gone */
  }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
}

/** Until nothing accepts connections on the port any more (a killed process's sockets are closed
 *  as it is torn down, a moment after its parent has exited), at most `ms`. */
export async function waitForPortClosed(port: number, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!(await isListening(port))) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

function spawnService(cmd: string, args: string[], log: string, opts: { asService?: boolean } = {}): ChildProcess {
  const out = fs.openSync(log, "a");
  const child = spawn(cmd, args, { stdio: ["ignore", out, out], detached: true, ...(opts.asService ? serviceUser() : {}) });
  fs.closeSync(out);
  return child;
}

// ---------------------------------------------------------------- PostgreSQL (the bench's own)

export type Postgres = { port: number; pgid: () => number; url: (db?: string) => string; restart: () => Promise<{ downMs: number }>; stop: () => Promise<void> };

export async function startPostgres(dir: string, reaper: Reaper): Promise<Postgres> {
  const data = path.join(dir, "pgdata");
  fs.mkdirSync(data, { recursive: true });
  const user = serviceUser();
  if (user.uid !== undefined) for (const d of [dir, data]) fs.chownSync(d, user.uid, user.gid!);
  execFileSync(path.join(PG_BIN, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"], { stdio: "ignore", ...user });
  const port = await freePort();
  // Durable like production (fsync on); sized for a 2-core box; enough connections for PgBouncer's
  // pools plus the bench's own direct clients.
  const args = ["-D", data, "-p", String(port), "-k", dir, "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=120", "-c", "shared_buffers=256MB"];
  let child: ChildProcess;
  const start = async () => {
    child = spawnService(path.join(PG_BIN, "postgres"), args, path.join(dir, "postgres.log"), { asService: true });
    await waitForPort(port);
    // Accepting connections, not merely listening (startup and recovery refuse with 57P03).
    for (let i = 0; i < 100; i++) {
      try {
        execFileSync(path.join(PG_BIN, "pg_isready"), ["-h", "127.0.0.1", "-p", String(port), "-q"]);
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  // "fast" shutdown (SIGINT): what a restart by an operator or a managed failover looks like to clients.
  const stop = async () => {
    const exited = new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once("exit", () => r())));
    child.kill("SIGINT");
    await exited;
  };
  await start();
  reaper.add("postgres", () => stop());
  return {
    port,
    pgid: () => child.pid!,
    url: (db = "postgres") => `postgresql://postgres@127.0.0.1:${port}/${db}`,
    restart: async () => {
      const t0 = Date.now();
      await stop();
      await start();
      return { downMs: Date.now() - t0 };
    },
    stop,
  };
}

// ---------------------------------------------------------------- PgBouncer, transaction mode

export type PgBouncer = { port: number; pgid: () => number; url: (db: string) => string; restart: () => Promise<{ downMs: number }> };

export async function startPgBouncer(dir: string, pgPort: number, reaper: Reaper, poolSize = 20): Promise<PgBouncer> {
  const port = await freePort();
  const ini = path.join(dir, "pgbouncer.ini");
  fs.writeFileSync(path.join(dir, "userlist.txt"), `"postgres" ""\n`);
  fs.writeFileSync(
    ini,
    [
      "[databases]",
      `* = host=127.0.0.1 port=${pgPort}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${path.join(dir, "userlist.txt")}`,
      "pool_mode = transaction",
      "max_client_conn = 1000",
      `default_pool_size = ${poolSize}`,
      "ignore_startup_parameters = extra_float_digits,options",
      // a server connection that broke is replaced at once, not after the default 15 s
      "server_login_retry = 1",
      "",
    ].join("\n"),
  );
  const user = serviceUser();
  if (user.uid !== undefined) for (const f of [dir, ini, path.join(dir, "userlist.txt")]) fs.chownSync(f, user.uid, user.gid!);
  let child: ChildProcess;
  const start = async () => {
    child = spawnService("/usr/sbin/pgbouncer", [ini], path.join(dir, "pgbouncer.log"), { asService: true });
    await waitForPort(port);
  };
  const stop = () => killGroup(child, "SIGTERM"); // immediate shutdown: every client connection cut
  await start();
  reaper.add("pgbouncer", stop);
  return {
    port,
    pgid: () => child.pid!,
    url: (db) => `postgresql://postgres@127.0.0.1:${port}/${db}`,
    restart: async () => {
      const t0 = Date.now();
      await stop();
      await start();
      return { downMs: Date.now() - t0 };
    },
  };
}

// ---------------------------------------------------------------- HAProxy

export type Balancer = { port: number; base: string; pgid: number };

export async function startHaproxy(dir: string, backends: { name: string; port: number }[], reaper: Reaper, port?: number): Promise<Balancer> {
  port ??= await freePort();
  const cfg = path.join(dir, `haproxy-${port}.cfg`);
  fs.writeFileSync(
    cfg,
    [
      "global",
      "  maxconn 4000",
      "defaults",
      "  mode http",
      "  timeout connect 2s",
      "  timeout client 60s",
      "  timeout server 60s",
      // Only a connection that never reached an instance is retried (elsewhere): a request that an
      // instance may have started is never sent twice, so a write cannot be doubled by the balancer.
      "  retries 3",
      // A new connection to the instance for every request: a request sent over a kept-alive
      // connection to an instance that has just died cannot be retried (it may have been read);
      // one that finds the port closed can.
      "  option http-server-close",
      "  retry-on conn-failure",
      "  option redispatch 1",
      "frontend www",
      `  bind 127.0.0.1:${port}`,
      "  option forwardfor",
      "  default_backend app",
      "backend app",
      "  balance roundrobin",
      // Liveness only (no database): a database outage must not take every instance out. A dead
      // process refuses the check's connection at once; a slow one under load is given 5 s.
      "  option httpchk GET /api/health",
      "  http-check expect status 200",
      "  timeout check 5s",
      "  default-server inter 1s fastinter 500ms fall 2 rise 2",
      ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`),
      "  http-response set-header X-Served-By %s",
      "",
    ].join("\n"),
  );
  execFileSync("/usr/sbin/haproxy", ["-c", "-q", "-f", cfg]);
  const child = spawnService("/usr/sbin/haproxy", ["-db", "-f", cfg], path.join(dir, `haproxy-${port}.log`));
  reaper.add("haproxy", () => killGroup(child, "SIGTERM"));
  await waitForPort(port);
  return { port, base: `http://127.0.0.1:${port}`, pgid: child.pid! };
}
