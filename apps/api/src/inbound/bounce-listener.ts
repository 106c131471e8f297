import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";
import { loggableError } from "../lib/errors.ts";
import { queryRows } from "../lib/sql.ts";
import { readVerpAddress, type VerpPurpose } from "../mail/verp.ts";
import { type DeliveryEventInput, recordDeliveryEvents } from "../modules/newsletter/delivery-events.ts";
import { honourUnsubscribe } from "../modules/newsletter/unsubscribe-request.ts";
import { readBounceReport, UnreadableMessage } from "./bounce-report.ts";
import { createEventBatcher } from "./event-batcher.ts";

export type BounceListenerOptions = {
  port: number;
  host: string;
  /** The email-link secret the VERP addresses were signed with. */
  secret: string;
  maxBytes: number;
  /** How long reports wait to be written together (one activity-log row per batch). */
  batchMs?: number;
};

export type BounceListener = { port: number; close(): Promise<void> };

/** `campaignId` is null for a recipient kept after its campaign's history was deleted (former_recipients). */
type Recipient = { purpose: VerpPurpose; id: string; campaignId: string | null; subscriberId: string; email: string };

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });
const maxRecipients = 10;

/**
 * The inbound SMTP listener for bounces, complaints and mailto unsubscribes (decision 011). It takes
 * mail only for addresses we signed (bounces+… and unsubscribe+… naming a campaign recipient that
 * exists, or was mailed by a campaign whose history was deleted since) and refuses every other address
 * at RCPT with 550, so it relays nothing and stores nothing it did not ask for. No AUTH and no
 * STARTTLS (no certificate is configured for it); a message over `maxBytes` is refused. A report is
 * answered 250 only once it is written down; a failure to write answers 451, so the sending server
 * tries again later; a message that cannot be parsed, 554.
 */
export async function startBounceListener(
  app: FastifyInstance,
  options: BounceListenerOptions,
): Promise<BounceListener> {
  const batcher = createEventBatcher((events) => recordDeliveryEvents(app.db, events), options.batchMs ?? 500);

  async function recipientOf(address: string): Promise<Recipient | null> {
    const verp = readVerpAddress(options.secret, address);
    if (!verp) return null;
    const [row] = await queryRows<{ campaign_id: string | null; subscriber_id: string; email: string }>(
      app.db,
      sql`select campaign_id, subscriber_id, email from campaign_recipients where id = ${verp.recipientId}
        union all select null, subscriber_id, email from former_recipients where id = ${verp.recipientId}`,
    );
    return row
      ? {
          purpose: verp.purpose,
          id: verp.recipientId,
          campaignId: row.campaign_id,
          subscriberId: row.subscriber_id,
          email: row.email,
        }
      : null;
  }

  async function handle(raw: Buffer, addresses: SMTPServerAddress[], ipAddress: string | null): Promise<void> {
    const recipients = (await Promise.all(addresses.map((a) => recipientOf(a.address)))).filter((r) => r !== null);
    const events: DeliveryEventInput[] = [];
    let report: Awaited<ReturnType<typeof readBounceReport>> | undefined;
    for (const recipient of recipients) {
      if (recipient.purpose === "unsubscribe") {
        await honourUnsubscribe(app, {
          subscriberId: recipient.subscriberId,
          campaignId: recipient.campaignId,
          // With its campaign gone, only the address says whom to keep off the list if they were deleted.
          email: recipient.campaignId ? null : recipient.email,
          ipAddress,
        });
        continue;
      }
      report ??= await readBounceReport(raw);
      // The signed address names who bounced; the report's own Final-Recipient may be a forward.
      if (report) {
        events.push({
          email: recipient.email,
          kind: report.kind,
          campaignId: recipient.campaignId,
          reason: report.reason,
          source: report.source,
        });
      }
    }
    if (events.length > 0) await batcher.add(events);
  }

  const server = new SMTPServer({
    name: "bounces",
    banner: "bounce listener",
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    size: options.maxBytes,
    maxClients: 50,
    socketTimeout: 60_000,
    closeTimeout: 2_000,
    disableReverseLookup: true,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= maxRecipients) return callback(smtpError(452, "4.5.3 Too many recipients"));
      recipientOf(address.address).then(
        (recipient) => callback(recipient ? undefined : smtpError(550, "5.1.1 No such recipient here")),
        () => callback(smtpError(451, "4.3.0 Try again later")),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= options.maxBytes) chunks.push(chunk);
      });
      stream.on("end", () => {
        if (stream.sizeExceeded || size > options.maxBytes) {
          return callback(smtpError(552, "5.3.4 Message too big"));
        }
        handle(Buffer.concat(chunks), session.envelope.rcptTo, session.remoteAddress ?? null).then(
          () => callback(),
          (error: unknown) => {
            if (error instanceof UnreadableMessage) {
              app.log.warn({ err: loggableError(error) }, "bounce listener refused a message it cannot read");
              return callback(smtpError(554, "5.6.0 The message could not be read"));
            }
            app.log.error({ err: loggableError(error) }, "bounce listener could not record a report");
            callback(smtpError(451, "4.3.0 Try again later"));
          },
        );
      });
    },
  });
  server.on("error", (error) => app.log.warn({ err: loggableError(error) }, "bounce listener connection error"));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const bound = server.server.address();
  return {
    port: typeof bound === "object" && bound ? bound.port : options.port,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await batcher.flush();
    },
  };
}
