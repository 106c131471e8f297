import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export const admin = { email: "admin@example.com", password: "e2e-admin-password", name: "Ada Admin" };

export type RunningServer = { url: string; stop(): Promise<void>; output(): string };

/** A port nothing listens on right now (for a peer the test starts later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export type ServerOptions = {
  /** More environment for the server (SMTP_URL, SAMPLE_DATA, …), over the test's own. */
  env?: Record<string, string>;
  /** A data dir the test prepared (it is removed on stop, like a fresh one). */
  dataDir?: string;
  /** A port chosen beforehand (freePort), for a PUBLIC_URL that must name it (passkeys' relying party). */
  port?: number;
};

/** Starts the built product (apps/api/dist serving apps/web/dist) on a fresh data dir, as `npm start` would. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const root = path.resolve(import.meta.dirname, "..");
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "shop-e2e-"));
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "apps/api/dist/main.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: url,
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      JWT_SECRET: "e2e-Xq7vN2pK9wR4tY6uB8mC3zL5hJ1gF0dS",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ADMIN_NAME: admin.name,
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (Date.now() >= deadline) throw new Error(`server did not become healthy:\n${output}`);

  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Envelope<T> = { success: boolean; message: string; data: T };

/** Talks to the API directly, for setting up what a test needs faster than clicking. */
export async function api<T>(server: RunningServer, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(body !== undefined && { "content-type": "application/json" }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

export async function apiSignIn(server: RunningServer, email: string, password: string): Promise<string> {
  const response = await api<{ token: string }>(server, "POST", "/api/users/login", undefined, { email, password });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.body.message}`);
  return response.body.data.token;
}
