import { timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { queryRows } from "../lib/sql.ts";
import { publicRoute } from "./auth.ts";

/**
 * Prometheus metrics at /metrics, only when METRICS_TOKEN is set and sent as a bearer token:
 * request rate and latency by route, the database pool, the send queue and running imports.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: { token: string | undefined }) => {
  const { token } = options;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer, by route and status",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const pool = new Gauge({
    name: "db_pool_connections",
    help: "PostgreSQL pool connections by state",
    labelNames: ["state"],
    registers: [registry],
  });
  const queue = new Gauge({
    name: "campaign_recipients",
    help: "Campaign recipients by delivery status, for campaigns being sent",
    labelNames: ["status"],
    registers: [registry],
  });
  const imports = new Gauge({ name: "import_jobs_running", help: "CSV imports in progress", registers: [registry] });

  app.addHook("onResponse", (request, reply, done) => {
    // The route pattern, not the URL: one series per route however many ids there are.
    const route = request.routeOptions.url ?? "unmatched";
    duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get("/metrics", { config: publicRoute }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.status(401).send({ success: false, message: "Metrics need the metrics token" });
    }
    const stats = app.database.poolStats?.();
    if (stats) for (const [state, value] of Object.entries(stats)) pool.set({ state }, value);
    const statuses = await queryRows<{ status: string; n: number }>(
      app.db,
      sql`select r.status, count(*)::int as n from campaign_recipients r join campaigns c on c.id = r.campaign_id
        where c.status in ('sending', 'paused') group by r.status`,
    );
    queue.reset();
    for (const row of statuses) queue.set({ status: row.status }, row.n);
    const [running] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from import_jobs where status = 'running' and heartbeat_at > now() - interval '2 minutes'`,
    );
    imports.set(running?.n ?? 0);
    return reply
      .type(registry.contentType)
      .header("cache-control", "no-store")
      .send(await registry.metrics());
  });
});
