import path from "node:path";
import { emailLinkSecret } from "./app.ts";
import { ConfigError, loadConfig, loadDotEnv } from "./config.ts";
import { openConfiguredDatabase } from "./db/open.ts";
import { configuredSenderOptions, createCampaignSender } from "./jobs/campaign-sender.ts";
import { createMailer } from "./mail/transport.ts";

/** `npm run worker`: the campaign sender and scheduler alone, for running beside API processes (SENDER=off there). */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, "outbox"),
    pool: config.sender.concurrency,
  });
  const sender = createCampaignSender(
    database.db,
    mailer,
    { secret: emailLinkSecret(config), publicUrl: config.publicUrl },
    configuredSenderOptions(config.sender),
  );
  const stop = async () => {
    await sender.stop();
    mailer.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
  sender.start();
  process.stdout.write(`Campaign worker running (${mailer.kind})\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : `Worker failed: ${String(error)}`}\n`);
  process.exit(1);
});
