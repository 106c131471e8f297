import { loggableError } from "./errors.ts";

/** A Fastify/pino logger fits; the worker passes a JSON-lines one. */
export type ShutdownLog = {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
};

/**
 * On SIGTERM or SIGINT (a deploy, a restart, Ctrl-C) runs `close` once, then exits 0, or 1 if it
 * failed. A close that hangs (an SMTP peer that never answers, a database that stopped responding)
 * must not hang the deploy with it: after `timeoutMs` (SHUTDOWN_TIMEOUT_MS) the process says so and
 * exits 1 anyway. That exit cuts short what close had not finished exactly as a crash or the
 * orchestrator's SIGKILL would, so it leans on what already makes a crash safe: work is claimed under
 * leases that run out and is taken again (worker.ts says how for mail).
 */
export function exitOnSignals(options: { timeoutMs: number; log: ShutdownLog; close(): Promise<void> }): void {
  const { timeoutMs, log, close } = options;
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const began = performance.now();
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      log.error({ timeoutMs }, "shutdown timed out; exiting anyway");
      process.exit(1);
    }, timeoutMs);
    // The timer alone must not keep a process alive whose close has let go of everything else.
    force.unref();
    try {
      await close();
      log.info({ shutdownMs: Math.round(performance.now() - began) }, "shut down cleanly");
      process.exit(0);
    } catch (error) {
      log.error({ err: loggableError(error) }, "shutdown failed");
      process.exit(1);
    }
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void shutdown(signal));
}
