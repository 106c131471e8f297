import { emailLinkSecret } from "./app.ts";
import { ConfigError, loadConfig, loadDotEnv } from "./config.ts";
import { openConfiguredDatabase } from "./db/open.ts";
import { loadBounceConfig } from "./inbound/bounce-config.ts";
import { configuredSenderOptions, createCampaignSender } from "./jobs/campaign-sender.ts";
import { configuredOutboxOptions, createOutboxDispatcher } from "./mail/outbox-dispatcher.ts";
import { configuredMailerOptions, createMailer } from "./mail/transport.ts";
import { sampleShopIn } from "./sample-shop/seed.ts";

/** `npm run worker`: the campaign sender, scheduler and account-mail outbox alone, for running beside API processes (SENDER=off there). */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  if (!config.databaseUrl) {
    // The worker runs beside the server, and two processes cannot share the embedded database.
    throw new ConfigError(
      "npm run worker needs PostgreSQL: set DATABASE_URL. With the embedded database the server sends campaigns itself (SENDER=on).",
    );
  }
  const database = await openConfiguredDatabase(config, { sampleContent: sampleShopIn(config.uploadsDir) });
  const mailer = createMailer(configuredMailerOptions(config));
  const sender = createCampaignSender(
    database.db,
    mailer,
    {
      secret: emailLinkSecret(config),
      publicUrl: config.publicUrl,
      mailFrom: config.mailFrom,
      bounceDomain: loadBounceConfig().domain,
    },
    configuredSenderOptions(config.sender, database.kind),
  );
  const line = (level: string) => (details: object, msg: string) =>
    process.stderr.write(`${JSON.stringify({ level, time: Date.now(), msg, ...details })}\n`);
  const outbox = createOutboxDispatcher({
    db: database.db,
    mailer,
    log: { warn: line("warn"), error: line("error") },
    options: configuredOutboxOptions(config),
  });
  const stop = async () => {
    await Promise.all([sender.stop(), outbox.stop()]);
    mailer.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
  sender.start();
  outbox.start();
  process.stdout.write(`Campaign worker running (${mailer.kind})\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : `Worker failed: ${String(error)}`}\n`);
  process.exit(1);
});
