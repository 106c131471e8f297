import { loggableError } from "../lib/errors.ts";

export type JobLog = { error(details: object, message: string): void };

/** Without a logger of its own (the worker process), a JSON line on stderr, as the worker writes its own. */
export const stderrLog: JobLog = {
  error: (details, message) =>
    process.stderr.write(`${JSON.stringify({ level: "error", time: Date.now(), msg: message, ...details })}\n`),
};

/**
 * Logs the failures of a loop that tries again by itself, each at most once per `everyMs`: a database
 * that stays away fails every round, several times a second, and one line a minute (with how many
 * were not logged since) says as much. Failures are told apart by the message and the error's own
 * words (a failed query's cause, not its parameters).
 */
export function createFailureLog(log: JobLog, everyMs = 60_000): (message: string, error: unknown) => void {
  const lastLogged = new Map<string, { at: number; since: number }>();
  return (message, error) => {
    const now = Date.now();
    const key = `${message}\n${wordsOf(error)}`;
    const last = lastLogged.get(key);
    if (last && now - last.at < everyMs) {
      last.since += 1;
      return;
    }
    // Kept small: only failures within the last interval are remembered.
    for (const [seen, { at }] of lastLogged) if (now - at >= everyMs) lastLogged.delete(seen);
    lastLogged.set(key, { at: now, since: 0 });
    log.error({ err: loggableError(error), ...(last?.since && { notLoggedSince: last.since }) }, message);
  };
}

function wordsOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}
