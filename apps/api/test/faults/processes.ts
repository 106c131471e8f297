import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { testAdmin, testJwtSecret } from "../constants.ts";
import { freePort } from "../free-port.ts";

/** The built server, exactly what `npm start` runs (global-setup.ts rebuilds it when src is newer). */
export const serverEntry = path.resolve(import.meta.dirname, "../../dist/main.js");
/** The built worker, what `npm run worker` runs. */
export const workerEntry = path.resolve(import.meta.dirname, "../../dist/worker.js");

export type Exit = { code: number | null; signal: NodeJS.Signals | null; at: number };

/** A process of ours (the server or the worker) spawned by a test: its output kept, its exit watched. */
export type Spawned = {
  child: ChildProcess;
  /** Resolves when the process has exited, with the wall-clock time (Date.now()) it was seen to. */
  exited: Promise<Exit>;
  /** Everything the process printed so far (stdout and stderr), capped at the last few MB. */
  output(): string;
  /** The JSON log lines (pino) printed so far. */
  logLines(): Array<Record<string, unknown>>;
  alive(): boolean;
  /** Sends a signal and returns the Date.now() at which it was sent. */
  signal(signal: NodeJS.Signals): number;
  /** SIGKILLs the process if it still runs and waits for it; removes its data dir. */
  dispose(): Promise<void>;
};

export type Server = Spawned & { url: string; port: number };

const running = new Set<Spawned>();

// A crashed test run must not leave processes behind: the last resort if afterAll never ran.
process.once("exit", () => {
  for (const spawned of running) if (spawned.alive()) spawned.child.kill("SIGKILL");
});

export type StartOptions = {
  /** Variables on top of the defaults below (DATABASE_URL at least). */
  env: Record<string, string>;
  /** Reuse a data dir (a restart after a crash); by default a fresh one is made and removed by dispose(). */
  dataDir?: string;
  /** How long start-up (migrations, seeding) may take before the test fails. */
  readyTimeoutMs?: number;
};

/**
 * Spawns a built entry (dist/main.js, dist/worker.js) on a loopback port it does not yet use. Only the
 * variables the product reads are passed: nothing from the developer's shell leaks in (a stray
 * REDIS_URL or SMTP_URL would change what is being tested).
 */
async function spawnEntry(entry: string, options: StartOptions): Promise<Spawned & { port: number }> {
  const port = await freePort();
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "shop-fault-"));
  mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    JWT_SECRET: testJwtSecret,
    ADMIN_EMAIL: testAdmin.email,
    ADMIN_PASSWORD: testAdmin.password,
    ADMIN_NAME: testAdmin.name,
    // The sample catalogue costs ~10 s of start-up on a busy machine; reads of empty pages still query the database.
    SAMPLE_DATA: "false",
    SENDER: "off",
    // The pressure valve off: on a busy machine it could shed a request, and each test must see only the 503s of
    // the fault it causes. overload.test.ts turns it on with its own threshold.
    MAX_EVENT_LOOP_DELAY_MS: "0",
    LOG_LEVEL: "warn",
    ...options.env,
  };
  // The data dir is the working directory too, so no .env file from the repository is read.
  const child = spawn(process.execPath, [entry], { cwd: dataDir, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    if (output.length > 8_000_000) output = output.slice(-4_000_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<Exit>((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() }));
    // A process that could not be spawned never emits "exit".
    child.once("error", (error) => {
      output += `\nspawn failed: ${error.message}`;
      resolve({ code: null, signal: null, at: Date.now() });
    });
  });
  let spawnFailed = false;
  child.once("error", () => {
    spawnFailed = true;
  });
  const alive = () => !spawnFailed && child.exitCode === null && child.signalCode === null;
  const spawned: Spawned & { port: number } = {
    port,
    child,
    exited,
    output: () => output,
    logLines: () =>
      output.split("\n").flatMap((line) => {
        if (!line.startsWith("{")) return [];
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    alive,
    signal(signal) {
      const at = Date.now();
      child.kill(signal);
      return at;
    },
    async dispose() {
      running.delete(spawned);
      if (alive()) child.kill("SIGKILL");
      // SIGKILL cannot be refused, but a clean-up must never be what hangs.
      await Promise.race([exited, sleep(10_000)]);
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  running.add(spawned);
  return spawned;
}

/** Starts `node dist/main.js` and waits until /api/health answers 200. */
export async function startServer(options: StartOptions): Promise<Server> {
  const spawned = await spawnEntry(serverEntry, options);
  const server: Server = { ...spawned, url: `http://127.0.0.1:${spawned.port}` };
  const { alive, output } = server;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (!alive()) throw new Error(`server exited during start-up:\n${output().slice(-4_000)}`);
    if (Date.now() > deadline) {
      await server.dispose();
      throw new Error(`server was not healthy in time:\n${output().slice(-4_000)}`);
    }
    try {
      const health = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await health.arrayBuffer();
      if (health.ok) return server;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
}

/**
 * Starts `node dist/worker.js` (`npm run worker`: the campaign sender and the mail outbox, no HTTP)
 * and waits for the line it prints once both run.
 */
export async function startWorker(options: StartOptions): Promise<Spawned> {
  const worker = await spawnEntry(workerEntry, options);
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  while (!worker.output().includes("Campaign worker running")) {
    if (!worker.alive() || Date.now() > deadline) {
      await worker.dispose();
      throw new Error(`worker did not start:\n${worker.output().slice(-4_000)}`);
    }
    await sleep(100);
  }
  return worker;
}

/** For afterAll: every process this file started is killed, whatever happened in the test. */
export async function disposeAll(): Promise<void> {
  await Promise.all([...running].map((server) => server.dispose()));
}

/** For afterAll: runs every clean-up step even when an earlier one fails, then reports the failures. */
export async function cleanUp(...steps: Array<() => unknown>): Promise<void> {
  const failures: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, "clean-up failed");
}

/** Waits for the exit, or fails after `ms` (the process is then SIGKILLed by disposeAll). */
export async function exitWithin(server: Spawned, ms: number): Promise<Exit | undefined> {
  return Promise.race([server.exited, sleep(ms).then(() => undefined)]);
}

export async function signIn(server: Server, email = testAdmin.email, password = testAdmin.password) {
  const response = await fetch(`${server.url}/api/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json()) as { data?: { token?: string }; message?: string };
  if (response.status !== 200 || !body.data?.token)
    throw new Error(`sign-in failed: ${response.status} ${body.message}`);
  return body.data.token;
}

/** A JSON call to the server with a bound on its duration: a hang fails the test, it does not stall it. */
export async function api<T = unknown>(
  server: Server,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<{ status: number; headers: Headers; body: { success?: boolean; message?: string; data: T } }> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(options.body !== undefined && { "content-type": "application/json" }),
      ...(options.token && { authorization: `Bearer ${options.token}` }),
    },
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const text = await response.text();
  let body = { data: undefined as T };
  try {
    body = JSON.parse(text);
  } catch {
    // A non-JSON answer keeps the empty body; the status tells the story.
  }
  return { status: response.status, headers: response.headers, body };
}
