import { buildApp, emailLinkSecret } from "./app.ts";
import { ConfigError, loadConfig, loadDotEnv } from "./config.ts";
import { openConfiguredDatabase } from "./db/open.ts";
import { createCampaignSender, defaultSenderOptions } from "./jobs/campaign-sender.ts";

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
  const database = await openConfiguredDatabase(config, printGeneratedPassword);
  const app = await buildApp(config, { database });
  const sender = config.sender.enabled
    ? createCampaignSender(
        database.db,
        app.mailer,
        { secret: emailLinkSecret(config), publicUrl: config.publicUrl },
        {
          ...defaultSenderOptions,
          ratePerSecond: config.sender.ratePerSecond,
          concurrency: config.sender.concurrency,
          leaseMs: config.sender.leaseMs,
          schedulerMs: config.sender.schedulerMs,
        },
      )
    : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      // The sender finishes its batch before the server and the database close.
      await sender?.stop();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  if (sender) app.wakeSender = () => sender.wake();
  await app.listen({ port: config.port, host: config.host });
  sender?.start();
  app.log.info(
    { database: database.kind, startupMs: Math.round(performance.now() - started) },
    `Smart Home Shop listening on http://localhost:${config.port}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exit(1);
});
