import type { ActivityDetails, ActivityStatus } from "@shop/shared/schemas/activity-logs";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { recordActivity } from "../core/activity-log.ts";
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

/** A staff write that fails (validation, permission, conflict, crash) is logged as a Failure. */
export const activityPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onError", async (request, _reply, error: FastifyError) => {
    const label = request.routeOptions.config.activity;
    // A throttled attempt is summarised with the rest of its burst by the route that refused it.
    if (!label || !request.principal || error instanceof TooManyAttempts) return;
    const status = error.statusCode ?? 500;
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
