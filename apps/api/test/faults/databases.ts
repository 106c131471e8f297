import { execFile, execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "../free-port.ts";

const run = promisify(execFile);

/** The machine's shared PostgreSQL: tests only create and drop their own databases on it. */
export function sharedPostgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      "The fault tests need PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)",
    );
  return url;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export type FreshDatabase = {
  name: string;
  url: string;
  /** A small pool on the new database, for the test's own checks. */
  pool: pg.Pool;
  count(sql: string, params?: unknown[]): Promise<number>;
  drop(): Promise<void>;
};

let made = 0;

/** An empty database shop_fault_<pid>_<n>: the server under test migrates and seeds it as in production. */
export async function createDatabase(): Promise<FreshDatabase> {
  const adminUrl = sharedPostgresUrl();
  made += 1;
  const name = `shop_fault_${process.pid}_${made}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  pool.on("error", () => {});
  return {
    name,
    url,
    pool,
    async count(sql, params = []) {
      const result = await pool.query<{ n: number }>(sql, params);
      return Number(result.rows[0]?.n ?? Number.NaN);
    },
    async drop() {
      await pool.end().catch(() => {});
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The newest PostgreSQL server binaries installed by Debian's packages. */
function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error(`no PostgreSQL binaries under ${root}`);
  return path.join(root, versions[0], "bin");
}

export type PrivateCluster = {
  url: string;
  port: number;
  /** pg_ctl stop; "immediate" is a crash as far as clients can tell (no goodbye to connections). */
  stop(mode?: "immediate" | "fast"): Promise<void>;
  /** pg_ctl start -w: resolves once the cluster accepts connections. */
  start(): Promise<void>;
  /**
   * SIGSTOPs the postmaster and its backends: connections stay open but nothing answers, as in a
   * network partition or a stalled host. thaw() sends SIGCONT.
   */
  freeze(): void;
  thaw(): void;
  destroy(): Promise<void>;
};

function postmasterPid(data: string): number {
  return Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
}

/** The postmaster's children: the backends, checkpointer, walwriter and so on. */
function childPids(postmaster: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent; the name before it may hold spaces, so split after ")".
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Whether a process is stopped by a signal (state T), or gone. */
function isStopped(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) === "T";
  } catch {
    return true;
  }
}

/**
 * A throwaway PostgreSQL cluster of our own, so a test may stop its database without touching the
 * shared one other suites use. initdb refuses to run as root, so when we are root the binaries run
 * as the `postgres` OS user, on a data dir that user owns; the socket lives in the temp dir too.
 */
export async function startPrivateCluster(): Promise<PrivateCluster> {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), "shop-fault-pg-"));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const as = (command: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", path.join(bin, command), ...args], { timeout: 60_000 })
      : run(path.join(bin, command), args, { timeout: 60_000 });
  const data = path.join(dir, "data");
  const port = await freePort();
  await as("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    // A test database: durability is not what is under test, speed on a shared machine is.
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
  ].join(" ");
  const start = async () => {
    await as("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "-t", "30", "start"]);
  };
  let frozen: number[] = [];
  const thaw = () => {
    for (const pid of frozen) {
      try {
        process.kill(pid, "SIGCONT");
      } catch {
        // Gone already.
      }
    }
    frozen = [];
  };
  const stopArgs = (mode: string) => ["-D", data, "-m", mode, "-w", "stop"];
  // If the test run dies before afterAll, the cluster must not outlive it.
  const lastResort = () => {
    thaw();
    try {
      const ctl = path.join(bin, "pg_ctl");
      if (asRoot) execFileSync("runuser", ["-u", "postgres", "--", ctl, ...stopArgs("immediate")], { stdio: "ignore" });
      else execFileSync(ctl, stopArgs("immediate"), { stdio: "ignore" });
    } catch {
      // Already stopped.
    }
  };
  process.once("exit", lastResort);
  const cluster: PrivateCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop(mode = "immediate") {
      await as("pg_ctl", stopArgs(mode));
    },
    start,
    freeze() {
      // The postmaster first: stopped, it cannot fork a backend (for a pool opening a connection) that the list
      // below would miss and that would go on answering. Then its children, until a pass finds none new.
      const postmaster = postmasterPid(data);
      process.kill(postmaster, "SIGSTOP");
      frozen = [postmaster];
      for (;;) {
        const fresh = childPids(postmaster).filter((pid) => !frozen.includes(pid));
        if (fresh.length === 0) break;
        for (const pid of fresh) process.kill(pid, "SIGSTOP");
        frozen.push(...fresh);
      }
      // A signal is acted on when its process next leaves the kernel; return only once every process
      // is seen stopped, so nothing the caller sends next can still be answered.
      const deadline = Date.now() + 2_000;
      while (frozen.some((pid) => !isStopped(pid))) {
        if (Date.now() > deadline)
          throw new Error(`PostgreSQL processes not stopped: ${frozen.filter((pid) => !isStopped(pid))}`);
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
      }
    },
    thaw,
    async destroy() {
      thaw();
      // pg_ctl refuses to stop a cluster that is not running, which is fine here.
      await as("pg_ctl", stopArgs("immediate")).catch(() => {});
      process.off("exit", lastResort);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  return cluster;
}
