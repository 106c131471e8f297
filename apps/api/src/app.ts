import path from "node:path";
import { fileURLToPath } from "node:url";
import cors from "@fastify/cors";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import underPressure from "@fastify/under-pressure";
import { copy } from "@shop/shared/copy";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import { createRefusalSummary } from "./core/refusal-summary.ts";
import type { Database, Db } from "./db/client.ts";
import type { MailAddress } from "./db/schema/index.ts";
import { createUploadReclaimer, type UploadReclaimer } from "./jobs/upload-reclaimer.ts";
import { loggableError } from "./lib/errors.ts";
import { createMemoryThrottle, createRedisThrottle } from "./lib/failure-throttle.ts";
import { redactUrl } from "./lib/redact.ts";
import { closeRedis, openRedis } from "./lib/redis.ts";
import { createRequestIds } from "./lib/request-id.ts";
import { RequestLogController } from "./lib/request-log.ts";
import { createTokenSigner, type TokenSigner } from "./lib/tokens.ts";
import { configuredOutboxOptions, createOutboxDispatcher, type OutboxDispatcher } from "./mail/outbox-dispatcher.ts";
import { configuredMailerOptions, createMailer, type Mailer } from "./mail/transport.ts";
import { activityLogRoutes } from "./modules/activity-logs/routes.ts";
import { createLoginChallenges } from "./modules/auth/login-challenge.ts";
import { passkeyRoutes } from "./modules/auth/passkey-routes.ts";
import { relyingPartyOf } from "./modules/auth/passkeys.ts";
import {
  passwordResetRoutes,
  resetRequestsPerAddress,
  resetRequestWindowMs,
} from "./modules/auth/password-reset-routes.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { createSecretBox } from "./modules/auth/secret-box.ts";
import { sessionRoutes } from "./modules/auth/sessions-routes.ts";
import { twoFactorRoutes } from "./modules/auth/two-factor-routes.ts";
import { blogRoutes } from "./modules/blog/routes.ts";
import { bounceRoutes } from "./modules/bounces/routes.ts";
import { confirmSubscriptionOverHttps, type SnsNetwork } from "./modules/bounces/sns-routes.ts";
import { fetchCertificateOverHttps } from "./modules/bounces/verify-sns.ts";
import { campaignHistoryRoutes } from "./modules/campaigns/history-routes.ts";
import { campaignRoutes } from "./modules/campaigns/routes.ts";
import { attributeUnsubscribe, createEventRecorder, type EventRecorder } from "./modules/campaigns/tracking.ts";
import { trackingRoutes } from "./modules/campaigns/tracking-routes.ts";
import { categoryRoutes } from "./modules/categories/routes.ts";
import { contactRoutes } from "./modules/contacts/routes.ts";
import { dashboardRoutes } from "./modules/dashboard/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { heroBannerRoutes } from "./modules/hero-banners/routes.ts";
import { mailDeliveryRoutes } from "./modules/mail-delivery/routes.ts";
import { newsletterRoutes } from "./modules/newsletter/routes.ts";
import { productRoutes } from "./modules/products/routes.ts";
import { roleRoutes } from "./modules/roles/routes.ts";
import { seoRoutes } from "./modules/seo/routes.ts";
import { spaPlugin } from "./modules/seo/spa.ts";
import { settingsRoutes } from "./modules/settings/routes.ts";
import { uploadRoutes } from "./modules/uploads/routes.ts";
import { createLocalStore, type FileStore } from "./modules/uploads/storage.ts";
import { userRoutes } from "./modules/users/routes.ts";
import { activityPlugin } from "./plugins/activity.ts";
import { apiDocsPlugin } from "./plugins/api-docs.ts";
import { authPlugin, publicRoute } from "./plugins/auth.ts";
import { bodyLimitsPlugin } from "./plugins/body-limits.ts";
import { clusterPlugin } from "./plugins/cluster.ts";
import { csvExportsPlugin } from "./plugins/csv-exports.ts";
import { answerBadUrl, errorsPlugin } from "./plugins/errors.ts";
import { inFlightPlugin } from "./plugins/in-flight.ts";
import { metricsPlugin } from "./plugins/metrics.ts";
import { publicCachePlugin } from "./plugins/public-cache.ts";
import { securityHeadersPlugin } from "./plugins/security-headers.ts";

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
    db: Db;
    tokens: TokenSigner;
    files: FileStore;
    mailer: Mailer;
    /**
     * Durable account mail (mail/outbox.ts): enqueue rows with enqueueMail in a transaction, then
     * call `outbox.wake()`. Started where the campaign sender runs (SENDER=on, or `npm run worker`);
     * tests call `outbox.drain()`.
     */
    outbox: OutboxDispatcher;
    /** Deletes uploads no record uses (jobs/upload-reclaimer.ts); started where the outbox is. */
    uploadReclaimer: UploadReclaimer;
    /** MAIL_FROM; every message's sender is senderOf(settings, app.mailFrom) (mail/sender.ts). */
    mailFrom: MailAddress | undefined;
    /** PUBLIC_URL: links in emails (e.g. the back-office link in an enquiry alert). */
    publicUrl: string;
    events: EventRecorder;
    /** Set when this process runs the sender: starting a campaign wakes it at once. */
    wakeSender?: () => void;
    /** Set by the campaigns module to attribute an unsubscribe to the campaign it came from. */
    onUnsubscribe?: (subscriberId: string, campaignId: string | null) => Promise<void>;
  }
}

export type BuildOptions = {
  database: Database;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  mailer?: Mailer;
  /** Where the SES adapter goes out (Amazon's certificates, subscription confirmations); tests replace it. */
  snsNetwork?: SnsNetwork;
};

const loginFailureLimit = 10;
const loginFailureWindowMs = 15 * 60_000;

function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, "../../web/dist");
}

export function emailLinkSecret(config: Config): string {
  return `${config.jwtSecret}:email-links`;
}

/** Builds the whole server without listening: main.ts listens, tests use inject(). */
export async function buildApp(config: Config, options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: { paths: ["req.headers.authorization", "req.headers.cookie"], censor: "[REDACTED]" },
      serializers: {
        req: (request) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    logController: new RequestLogController(),
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    // Signed tokens in email links (unsubscribe, tracking) are longer than the default 100.
    routerOptions: { maxParamLength: 512 },
    requestTimeout: 60_000,
    genReqId: createRequestIds(),
    frameworkErrors: answerBadUrl,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate("database", options.database);
  app.decorate("db", options.database.db);
  app.decorate("tokens", createTokenSigner(config.jwtSecret));
  app.decorate("files", createLocalStore(config.uploadsDir));
  app.decorate("mailer", options.mailer ?? createMailer(configuredMailerOptions(config)));
  app.decorate("mailFrom", config.mailFrom);
  app.decorate("publicUrl", config.publicUrl);
  app.decorate(
    "outbox",
    createOutboxDispatcher({
      db: options.database.db,
      mailer: app.mailer,
      log: app.log,
      options: configuredOutboxOptions(config),
    }),
  );
  app.decorate("uploadReclaimer", createUploadReclaimer({ db: options.database.db, store: app.files, log: app.log }));
  app.decorate("events", createEventRecorder(options.database.db));
  app.decorate("onUnsubscribe", async (subscriberId: string, campaignId: string | null) => {
    if (campaignId) await attributeUnsubscribe(options.database.db, subscriberId, campaignId);
  });
  // Opened together, so an unreachable Redis costs start-up one connection attempt, not three.
  const redis = config.redisUrl
    ? await Promise.all([
        openRedis(config.redisUrl, "shop", app.log),
        openRedis(config.redisUrl, "shop-subscriber", app.log),
        // The sign-in throttle keeps its own time-out (lib/failure-throttle.ts).
        openRedis(config.redisUrl, "shop-throttle", app.log, { commandTimeoutMs: null }),
      ]).then(([publisher, subscriber, throttle]) => ({ publisher, subscriber, throttle }))
    : undefined;
  app.addHook("onClose", async () => {
    await app.outbox.stop();
    await app.uploadReclaimer.stop();
    await app.events.close();
    app.mailer.close();
    if (redis) await Promise.all([redis.publisher, redis.subscriber, redis.throttle].map(closeRedis));
  });

  // Registered before the routes, so it sees every one of them.
  await app.register(apiDocsPlugin, { publicUrl: config.publicUrl });
  await app.register(inFlightPlugin);
  await app.register(errorsPlugin);
  await app.register(csvExportsPlugin);
  await app.register(bodyLimitsPlugin);
  await app.register(securityHeadersPlugin);
  // Cross-origin browser calls are refused unless an origin is on the allow-list.
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      allowedHeaders: ["authorization", "content-type"],
      maxAge: 600,
    });
  }
  if (config.maxEventLoopDelayMs > 0) {
    // A saturated event loop answers 503 at once instead of queueing requests it cannot serve in time.
    await app.register(underPressure, {
      maxEventLoopDelay: config.maxEventLoopDelayMs,
      retryAfter: 5,
      pressureHandler: (_request, reply) => {
        reply.status(503).header("retry-after", "5").send({ success: false, message: copy.errors.serverBusy });
      },
    });
  }
  await app.register(rateLimit, {
    global: false,
    // With Redis every instance counts against one limit; if Redis fails, requests are not blocked.
    ...(redis && { redis: redis.publisher, nameSpace: "smart-home-shop:rate:", skipOnError: true }),
  });
  await app.register(authPlugin, { db: options.database.db, tokens: app.tokens });
  await app.register(activityPlugin);
  await app.register(publicCachePlugin);
  await app.register(clusterPlugin, redis ? { redis } : {});
  await app.register(metricsPlugin, { token: config.metricsToken });

  await app.register(healthRoutes);
  app.get("/api/docs", { config: publicRoute, schema: { hide: true } }, async () => app.swagger());
  // Sign-in and change-password check passwords under one throttle (decision 008).
  const passwordAttempts = {
    throttle: redis
      ? createRedisThrottle(redis.throttle, loginFailureLimit, loginFailureWindowMs, {
          onError: (error) => app.log.warn({ err: error }, "login throttle store unreachable: counted in this process"),
        })
      : createMemoryThrottle(loginFailureLimit, loginFailureWindowMs),
    refusals: createRefusalSummary(options.database.db, {
      burstGapMs: loginFailureWindowMs,
      onError: (error) => app.log.error({ err: loggableError(error) }, "could not summarise refused attempts"),
    }),
  };
  app.addHook("onClose", async () => {
    await passwordAttempts.refusals.flush();
  });
  const challenges = createLoginChallenges(config.jwtSecret);
  await app.register(authRoutes, { attempts: passwordAttempts, tokenTtlMs: config.tokenTtlMs, challenges });
  const signIn = { attempts: passwordAttempts, tokenTtlMs: config.tokenTtlMs, challenges };
  const relyingParty = relyingPartyOf(config.publicUrl);
  await app.register(twoFactorRoutes, {
    ...signIn,
    box: createSecretBox(config.jwtSecret, "totp-secrets"),
    relyingParty,
  });
  await app.register(passkeyRoutes, { ...signIn, relyingParty });
  await app.register(userRoutes, { attempts: passwordAttempts });
  await app.register(passwordResetRoutes, {
    addressThrottle: redis
      ? createRedisThrottle(redis.throttle, resetRequestsPerAddress, resetRequestWindowMs, {
          prefix: "smart-home-shop:reset:",
          onError: (error) => app.log.warn({ err: error }, "reset throttle store unreachable: counted in this process"),
        })
      : createMemoryThrottle(resetRequestsPerAddress, resetRequestWindowMs),
  });
  await app.register(sessionRoutes);
  await app.register(roleRoutes);
  await app.register(activityLogRoutes);
  await app.register(categoryRoutes);
  await app.register(productRoutes);
  await app.register(heroBannerRoutes);
  await app.register(contactRoutes);
  // Links in emails are signed with a key derived from the JWT secret, for this purpose only.
  const linkSecret = emailLinkSecret(config);
  await app.register(newsletterRoutes, {
    linkSecret,
    publicUrl: config.publicUrl,
    tmpDir: path.join(config.dataDir, "tmp"),
    importBulkMaxRows: config.importBulkMaxRows,
  });
  await app.register(campaignRoutes, { linkSecret, publicUrl: config.publicUrl });
  await app.register(campaignHistoryRoutes);
  await app.register(trackingRoutes, { linkSecret, events: app.events });
  await app.register(bounceRoutes, {
    config: config.bounceWebhooks,
    network: options.snsNetwork ?? {
      fetchCertificate: fetchCertificateOverHttps,
      confirmSubscription: confirmSubscriptionOverHttps,
    },
  });
  await app.register(blogRoutes);
  await app.register(mailDeliveryRoutes);
  await app.register(settingsRoutes, { dkim: config.dkim });
  await app.register(dashboardRoutes);
  await app.register(uploadRoutes, { store: app.files, allowance: { megabytes: config.uploadQuotaMb } });

  // Uploaded files are named by their content, so they never change: cache them for a year.
  await app.register(fastifyStatic, {
    root: app.files.root,
    prefix: "/uploads/",
    decorateReply: false,
    index: false,
    dotfiles: "deny",
    setHeaders(res) {
      res.header("cache-control", "public, max-age=31536000, immutable");
    },
  });

  await app.register(seoRoutes, { publicUrl: config.publicUrl });
  await app.register(spaPlugin, { root: config.webDist ?? defaultWebDist(), publicUrl: config.publicUrl });
  return app;
}
