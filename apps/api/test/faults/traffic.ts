import { setTimeout as sleep } from "node:timers/promises";

/**
 * What happened to one request, from the client's side:
 * - answered: a status line arrived and the whole body was read;
 * - refused: nobody listened (ECONNREFUSED), the request never reached the server;
 * - closed: the connection closed before any answer (an idle keep-alive socket closed by the
 *   server as this request went out; the server never read it);
 * - cut: an answer started and then broke off — an accepted request left half-done;
 * - timeout: no full answer within the bound — a hang.
 */
export type Outcome = {
  url: string;
  started: number;
  ended: number;
  kind: "answered" | "refused" | "closed" | "cut" | "timeout" | "error";
  status?: number;
  retryAfter?: string | null;
  body?: string;
  error?: string;
};

function causeCode(error: unknown): string {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if (typeof current !== "object") break;
    if ("code" in current && typeof current.code === "string") return current.code;
    current = "cause" in current ? current.cause : undefined;
  }
  return "";
}

function describe(error: unknown): string {
  const code = causeCode(error);
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${code ? `${code} ` : ""}${message}${cause}`;
}

/** One request bounded by `timeoutMs`; it never throws, it reports. */
export async function probe(
  url: string,
  options: {
    timeoutMs: number;
    headers?: Record<string, string>;
    keepBody?: boolean;
    method?: string;
    /** A JSON body, sent with its content type. */
    json?: unknown;
  } = {
    timeoutMs: 10_000,
  },
): Promise<Outcome> {
  const started = Date.now();
  const signal = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  try {
    const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
    const headers = { ...options.headers, ...(payload !== undefined && { "content-type": "application/json" }) };
    response = await fetch(url, { method: options.method ?? "GET", headers, body: payload, signal });
  } catch (error) {
    const ended = Date.now();
    if (signal.aborted) return { url, started, ended, kind: "timeout", error: describe(error) };
    const code = causeCode(error);
    if (code === "ECONNREFUSED") return { url, started, ended, kind: "refused", error: describe(error) };
    if (code === "UND_ERR_SOCKET" || code === "ECONNRESET" || code === "EPIPE")
      return { url, started, ended, kind: "closed", error: describe(error) };
    return { url, started, ended, kind: "error", error: describe(error) };
  }
  const head = { status: response.status, retryAfter: response.headers.get("retry-after") };
  try {
    const body = await response.text();
    // Error answers are small and say why (which 503 it was); a 200 export is kept only when asked.
    const kept = options.keepBody ? body : response.status >= 400 ? body.slice(0, 500) : undefined;
    return { url, started, ended: Date.now(), kind: "answered", ...head, ...(kept !== undefined && { body: kept }) };
  } catch (error) {
    const kind = signal.aborted ? "timeout" : "cut";
    return { url, started, ended: Date.now(), kind, ...head, error: describe(error) };
  }
}

let pageCounter = Math.floor(Math.random() * 50_000);
/**
 * A catalogue page never asked for before in this run, so it misses the public response cache (which would
 * rightly answer from memory while the database is away) and needs PostgreSQL. Past the last product the
 * list is empty, but the count and the select still run.
 */
export function uncachedProductPage(): string {
  pageCounter = (pageCounter + 1) % 100_000;
  return `/api/products?limit=12&page=${pageCounter + 1}`;
}

export type Load = {
  outcomes: Outcome[];
  /** Stops issuing requests and waits for those under way. */
  stop(): Promise<Outcome[]>;
};

/** `concurrency` loops, each sending the next request as soon as the previous one settled. */
export function startLoad(options: {
  next: () => string;
  concurrency: number;
  timeoutMs: number;
  headers?: Record<string, string>;
  /** Sends each request as a POST with this JSON body. */
  json?: unknown;
  /** Pause between requests of one loop; a refused connection returns at once and would spin. */
  pauseMs?: number;
}): Load {
  const outcomes: Outcome[] = [];
  let running = true;
  const loop = async () => {
    while (running) {
      outcomes.push(
        await probe(options.next(), {
          timeoutMs: options.timeoutMs,
          ...(options.headers && { headers: options.headers }),
          ...(options.json !== undefined && { method: "POST", json: options.json }),
        }),
      );
      if (options.pauseMs) await sleep(options.pauseMs);
    }
  };
  const loops = Array.from({ length: options.concurrency }, loop);
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

/** Counts by kind and status, for the printed figures and the failure messages. */
export function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) {
    const key = o.kind === "answered" ? String(o.status) : o.kind;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
