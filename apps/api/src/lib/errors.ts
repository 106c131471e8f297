/**
 * The one error type services throw. The error plugin maps it to the envelope
 * `{ success: false, message, errors? }` with its status code.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new AppError(400, message, errors);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) => new AppError(409, message, errors);

/** PostgreSQL's unique_violation, raised the same way by pg and PGlite. */
export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, "23505");
}

/** foreign_key_violation, or restrict_violation from an ON DELETE RESTRICT reference. */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasCode(error, "23503") || hasCode(error, "23001");
}

/** lock_not_available (lock_timeout ran out) or deadlock_detected: someone else held what was asked for. */
export function isLockUnavailable(error: unknown): boolean {
  return hasCode(error, "55P03") || hasCode(error, "40P01");
}

/** SQLSTATE class 22 (bad data such as an invalid byte sequence): the client's input, not our fault. */
export function isDataException(error: unknown): boolean {
  return codeOf(error)?.startsWith("22") ?? false;
}

const unavailableCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * The database cannot be reached (refused, reset, shut down, out of connections): the caller should
 * try again later, so this is a 503, not our bug.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== "object") return false;
    const code = "code" in current ? String(current.code) : "";
    if (unavailableCodes.has(code) || /^08/.test(code) || ["57P01", "57P02", "57P03", "53300"].includes(code))
      return true;
    const message = current instanceof Error ? current.message : "";
    if (
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/i.test(
        message,
      )
    ) {
      return true;
    }
    current = "cause" in current ? current.cause : undefined;
  }
  return false;
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  if ("code" in error && typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code)) return error.code;
  return "cause" in error ? codeOf(error.cause) : undefined;
}

function hasCode(error: unknown, code: string): boolean {
  if (typeof error !== "object" || error === null) return false;
  if ("code" in error && error.code === code) return true;
  // Drizzle wraps driver errors; the original sits in `cause`.
  return "cause" in error && hasCode(error.cause, code);
}

/**
 * What a log line may keep of an error. Drizzle's query errors carry the bound parameters in
 * `params`, in their message and so in their stack — a password hash or a token among them — so
 * only the SQL text and the driver's own error are kept.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error) || !("query" in error) || !("params" in error)) return error;
  const cause = error.cause instanceof Error ? error.cause : undefined;
  return {
    type: error.name,
    message: `Failed query: ${String(error.query)}`,
    ...(cause && {
      cause: { type: cause.name, message: cause.message, code: (cause as { code?: string }).code, stack: cause.stack },
    }),
  };
}
