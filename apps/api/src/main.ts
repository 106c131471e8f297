import { buildApp, emailLinkSecret } from "./app.ts";
import { ConfigError, loadConfig, loadDotEnv } from "./config.ts";
import { openConfiguredDatabase } from "./db/open.ts";
import { loadBounceConfig } from "./inbound/bounce-config.ts";
import { type BounceListener, startBounceListener } from "./inbound/bounce-listener.ts";
import { configuredSenderOptions, createCampaignSender } from "./jobs/campaign-sender.ts";
import { exitOnSignals } from "./lib/shutdown.ts";
import { sampleShopIn } from "./sample-shop/seed.ts";

function printGeneratedPassword(email: string, password: string): void {
  const lines = [
    "A super admin was created. Sign in at /login with:",
    `  email:    ${email}`,
    `  password: ${password}`,
    "This password is shown only once: change it after signing in.",
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const bar = "─".repeat(width);
  process.stdout.write(`\n┌${bar}┐\n${lines.map((l) => `│ ${l.padEnd(width - 1)}│`).join("\n")}\n└${bar}┘\n\n`);
}

async function main(): Promise<void> {
  const started = performance.now();
  loadDotEnv();
  const config = loadConfig();
  const bounces = loadBounceConfig();
  const database = await openConfiguredDatabase(config, {
    sampleContent: sampleShopIn(config.uploadsDir),
    onGeneratedPassword: printGeneratedPassword,
  });
  const app = await buildApp(config, { database });
  const sender = config.sender.enabled
    ? createCampaignSender(
        database.db,
        app.mailer,
        {
          secret: emailLinkSecret(config),
          publicUrl: config.publicUrl,
          mailFrom: config.mailFrom,
          bounceDomain: bounces.domain,
        },
        configuredSenderOptions(config.sender, database.kind),
        app.log,
      )
    : undefined;
  // Bounces, complaints and mailto unsubscribes come back here when BOUNCE_SMTP_PORT is set.
  const listener: BounceListener | undefined =
    bounces.port === undefined
      ? undefined
      : await startBounceListener(app, {
          port: bounces.port,
          host: bounces.host,
          secret: emailLinkSecret(config),
          maxBytes: bounces.maxBytes,
        });
  // Stops taking reports first (each one taken is already written), while requests in flight finish.
  if (listener) app.addHook("preClose", () => listener.close());

  // Fastify marks itself closing before the preClose hooks run: from then on new requests get 503,
  // requests in flight finish, and meanwhile the sender finishes the batch it holds.
  if (sender) app.addHook("preClose", () => sender.stop());
  // Account mail (alerts, confirmations, replies) goes from where campaigns go; onClose stops it.

  exitOnSignals({
    timeoutMs: config.shutdownTimeoutMs,
    log: app.log,
    async close() {
      await app.close();
      // A handler whose client hung up is still running after its connection closed: let it finish
      // its queries before the pool goes.
      await app.requestsDrained();
      await database.close();
    },
  });

  if (sender) app.wakeSender = () => sender.wake();
  await app.listen({ port: config.port, host: config.host });
  sender?.start();
  if (config.sender.enabled) {
    app.outbox.start();
    app.uploadReclaimer.start();
  }
  app.log.info(
    { database: database.kind, startupMs: Math.round(performance.now() - started) },
    `Smart Home Shop listening on http://localhost:${config.port}`,
  );
  if (listener) app.log.info(`Bounce listener on ${bounces.host}:${listener.port}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exit(1);
});
