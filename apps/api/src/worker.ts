import { emailLinkSecret } from "./app.ts";
import { ConfigError, loadConfig, loadDotEnv } from "./config.ts";
import { openConfiguredDatabase } from "./db/open.ts";
import { loadBounceConfig } from "./inbound/bounce-config.ts";
import { configuredSenderOptions, createCampaignSender } from "./jobs/campaign-sender.ts";
import { createUploadReclaimer } from "./jobs/upload-reclaimer.ts";
import { exitOnSignals } from "./lib/shutdown.ts";
import { configuredOutboxOptions, createOutboxDispatcher } from "./mail/outbox-dispatcher.ts";
import { configuredMailerOptions, createMailer } from "./mail/transport.ts";
import { createLocalStore } from "./modules/uploads/storage.ts";
import { sampleShopIn } from "./sample-shop/seed.ts";

/** `npm run worker`: the campaign sender, scheduler, account-mail outbox and upload reclaimer alone, for running beside API processes (SENDER=off there). */
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
  // Deleting uploads no record uses needs the instances' UPLOADS_DIR (a shared volume).
  const reclaimer = createUploadReclaimer({
    db: database.db,
    store: createLocalStore(config.uploadsDir),
    log: { info: line("info"), error: line("error") },
  });
  // A send that never ends (a peer that never answers, a database that stopped responding) would
  // hold stop() for ever; past SHUTDOWN_TIMEOUT_MS the worker exits anyway, and that loses no mail:
  // - account mail (mail/outbox.ts, step 2): a row being sent is still 'pending' with its attempt
  //   counted and a lease; nobody takes it until the lease runs out, then the next claim sends it.
  // - campaigns (modules/campaigns/recipient-queue.ts): claimed recipients stay 'sending' under a
  //   lease no longer renewed; releaseExpiredClaims queues them again once it runs out.
  // Sent twice is only what the relay had taken but the database had not yet recorded: the outbox
  // row whose 'sent' write was cut off (it goes again with the same Message-ID) and a campaign's
  // unrecorded outcomes (at most recordEvery a batch), the same as a crash or the orchestrator's
  // SIGKILL, which a worker that never exits would get anyway. A peer that never answered had taken
  // nothing: its message goes once, on the retry (test/faults/worker-shutdown.test.ts).
  exitOnSignals({
    timeoutMs: config.shutdownTimeoutMs,
    log: { info: line("info"), error: line("error") },
    async close() {
      await Promise.all([sender.stop(), outbox.stop(), reclaimer.stop()]);
      mailer.close();
      await database.close();
    },
  });
  sender.start();
  outbox.start();
  reclaimer.start();
  process.stdout.write(`Campaign worker running (${mailer.kind})\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : `Worker failed: ${String(error)}`}\n`);
  process.exit(1);
});
