import type { ActivityDetails, ActivityStatus } from "@shop/shared/schemas/activity-logs";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { recordActivity } from "../core/activity-log.ts";
import { createRefusalSummary } from "../core/refusal-summary.ts";
import { loggableError } from "../lib/errors.ts";
import { TooManyAttempts } from "../lib/failure-throttle.ts";

export type ActivityLabel = { module: string; action: string };

declare module "fastify" {
  interface FastifyContextConfig {
    /** Staff writes name their activity so a failure is logged even when the handler never ran. */
    activity?: ActivityLabel;
  }
}

export type AuditEntry = {
  action: string;
  module: string;
  description: string;
  status?: ActivityStatus;
  details?: ActivityDetails;
  /** Defaults to the signed-in caller. */
  userId?: string | null;
};

/** Records an activity-log entry for the caller of this request. */
export async function audit(request: FastifyRequest, entry: AuditEntry): Promise<void> {
  await recordActivity(request.server.db, {
    action: entry.action,
    module: entry.module,
    status: entry.status ?? "Success",
    description: entry.description,
    userId: entry.userId === undefined ? (request.principal?.userId ?? null) : entry.userId,
    ipAddress: request.ip,
    details: entry.details ?? null,
  });
}

const listedFields = 30;
const keptLength = 100;
const clip = (text: string) => text.slice(0, keptLength);

/**
 * What a failed write aimed at, for the reader of the log: the route's parameters (the target's id)
 * and the names of the body's fields. Never the values: they can hold passwords and personal data.
 * Both are the caller's words, so they are clipped.
 */
function attemptOf(request: FastifyRequest): { params?: Record<string, string>; fields?: string[] } {
  const params = Object.entries((request.params ?? {}) as Record<string, unknown>).map(
    ([name, value]) => [clip(name), clip(String(value))] as const,
  );
  const body = request.body;
  const fields =
    body && typeof body === "object" && !Array.isArray(body) && !Buffer.isBuffer(body)
      ? Object.keys(body).slice(0, listedFields).map(clip)
      : [];
  return {
    ...(params.length > 0 && { params: Object.fromEntries(params) }),
    ...(fields.length > 0 && { fields }),
  };
}

/** After a caller is refused a write, their next refusals of it within this long are counted, not written. */
const repeatWindowMs = 60_000;
/** Refusals remembered at most: past this the memory starts over (a few more rows, never unbounded memory). */
const maxRemembered = 10_000;

/**
 * A staff write that fails (validation, permission, conflict, crash) is logged as a Failure. A refusal
 * (403) repeated by the same caller on the same route is folded into one summary row per burst, so a
 * script hammering a forbidden route cannot bury the log under thousands of rows; the first refusal
 * of each burst is still written at once, with its reason and target.
 */
export const activityPlugin = fp(async (app: FastifyInstance) => {
  const refusals = createRefusalSummary(app.db, {
    burstGapMs: repeatWindowMs,
    onError: (error) => app.log.error({ err: loggableError(error) }, "could not summarise refused writes"),
  });
  app.addHook("onClose", async () => {
    await refusals.flush();
  });
  const lastRefused = new Map<string, number>();
  const isRepeat = (key: string, now: number) => {
    const last = lastRefused.get(key);
    if (lastRefused.size >= maxRemembered && last === undefined) {
      for (const [seen, at] of lastRefused) if (now - at >= repeatWindowMs) lastRefused.delete(seen);
      if (lastRefused.size >= maxRemembered) lastRefused.clear();
    }
    lastRefused.set(key, now);
    return last !== undefined && now - last < repeatWindowMs;
  };

  app.addHook("onError", async (request, _reply, error: FastifyError) => {
    const label = request.routeOptions.config.activity;
    const principal = request.principal;
    // A throttled attempt is summarised with the rest of its burst by the route that refused it.
    if (!label || !principal || error instanceof TooManyAttempts) return;
    const status = error.statusCode ?? 500;
    const route = `${principal.userId}:${request.method} ${request.routeOptions.url}`;
    if (status === 403 && isRepeat(route, Date.now())) {
      refusals.note({
        burst: `refused:${route}`,
        ...label,
        description: `${label.action} refused again for ${principal.email}`,
        userId: principal.userId,
        address: request.ip,
        message: error.message,
      });
      return;
    }
    try {
      await audit(request, {
        ...label,
        status: "Failure",
        description: `${label.action} failed`,
        details: { message: status >= 500 ? "Internal error" : error.message, ...attemptOf(request) },
      });
    } catch (logError) {
      request.log.error({ err: loggableError(logError) }, "could not record activity");
    }
  });
});
