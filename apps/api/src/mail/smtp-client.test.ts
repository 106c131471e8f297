import net from "node:net";
import tls from "node:tls";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { encode, wrap } from "nodemailer/lib/qp";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { testKey } from "../../test/dkim-test-key.ts";
import { type CampaignMail, type LinkTemplate, signedRecipient } from "./campaign-recipient.ts";
import { rawTemplate, renderRaw } from "./raw-message.ts";
import { compileCampaign } from "./render.ts";
import { connectSmtp, type SmtpClientOptions } from "./smtp-client.ts";
import { classify } from "./smtp-errors.ts";
import { createSmtpPool } from "./smtp-pool.ts";
import { createSmtpThread } from "./smtp-thread.ts";

type Received = { to: string[]; data: string; secure: boolean; user: string | undefined };
type Refusal = { code: number; message: string };

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/** A real SMTP server on loopback that keeps what it receives and counts the sessions opened. */
async function startPeer(options: Partial<SMTPServerOptions> = {}, refuse?: (to: string) => Refusal | undefined) {
  const received: Received[] = [];
  let sessions = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(_session, callback) {
      sessions += 1;
      callback();
    },
    onRcptTo(address, _session, callback) {
      const refusal = refuse?.(address.address);
      callback(refusal && Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const user = typeof session.user === "string" ? session.user : undefined;
        received.push({ to, data: Buffer.concat(chunks).toString("utf8"), secure: session.secure, user });
        callback();
      });
    },
    ...options,
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  closers.push(close);
  return { port, received, sessions: () => sessions, close };
}

const clientOptions = (port: number, extra: Partial<SmtpClientOptions> = {}): SmtpClientOptions => ({
  host: "127.0.0.1",
  port,
  secure: false,
  ignoreTLS: true,
  name: "[127.0.0.1]",
  connectionTimeout: 5_000,
  socketTimeout: 5_000,
  ...extra,
});
const poolOf = (options: SmtpClientOptions, maxMessages = 100) =>
  createSmtpPool({ ...options, maxConnections: 2, maxMessages }, (o) => connectSmtp(o, { net, tls }));
const envelope = (to: string) => ({ from: "shop@example.com", to: [to] });
const message = (to: string) => `From: shop@example.com\r\nTo: ${to}\r\nSubject: Hi\r\n\r\nHello\r\n`;

const templates = Array.from({ length: 20 }, (_, n) =>
  rawTemplate({
    compiled: compileCampaign({
      html: `<p>Issue ${n} for {{email}}: <a href="https://shop.test/${n}">read</a></p>`,
      preheader: "",
      storeName: "Shop",
    }),
    subject: `Issue ${n}`,
    campaignId: `c${n}`,
    fromName: "Shop",
    fromAddress: "news@shop.test",
  }),
);
const templateAt = (index: number) => {
  const template = templates[index];
  if (!template) throw new Error(`no template ${index}`);
  return template;
};
const links: LinkTemplate = {
  secret: "s".repeat(32),
  publicUrl: "https://shop.test",
  campaignId: "0190aaaa-0000-7000-8000-000000000009",
  linkIds: ["0190aaaa-0000-7000-8000-00000000000a"],
  test: false,
  senderAddress: "news@shop.test",
  returnDomain: "shop.test",
};
/** A campaign message as the sender hands it over: issue `index`'s template and one recipient. */
const rawMail = (to: string, index = 0): CampaignMail => ({
  messageId: `<${to}>`,
  date: new Date("2026-11-22T10:00:00Z"),
  template: templateAt(index),
  links,
  recipient: { id: `0190aaaa-0000-7000-8000-${String(index).padStart(12, "0")}`, subscriberId: "s1", email: to },
});

describe("SMTP delivery of campaign messages", () => {
  it("delivers exactly what it was given, lone line breaks and leading dots made safe", async () => {
    const peer = await startPeer();
    const pool = poolOf(clientOptions(peer.port));
    const text = "Subject: Dots\r\n\r\n.starts with a dot\r\n..two\r\nbare\nline\r\n.\r\nend";
    const reply = await pool.send(envelope("ada@example.com"), text);
    pool.close();
    expect(reply).toMatch(/^250 /);
    expect(peer.received).toHaveLength(1);
    // The peer undoes the dot-stuffing; a lone LF arrives as CRLF, and the message ends with one.
    expect(peer.received[0]?.data).toBe(`${text.replace("bare\nline", "bare\r\nline")}\r\n`);
    expect(peer.received[0]?.to).toEqual(["ada@example.com"]);
  });

  it("renders campaign messages in the thread as here, across more campaigns than the thread keeps", async () => {
    const peer = await startPeer();
    const thread = createSmtpThread({ ...clientOptions(peer.port), maxConnections: 1, maxMessages: 100 });
    // The first campaign again at the end, after the thread has dropped its template.
    const order = [...templates.keys(), 0, 19];
    for (const [n, index] of order.entries()) await thread.sendRaw(rawMail(`r${n}@example.com`, index));
    thread.close();
    expect(peer.received.map((r) => r.data)).toEqual(
      order.map((index, n) => {
        const mail = rawMail(`r${n}@example.com`, index);
        return renderRaw(mail.template, signedRecipient(mail).raw, { encode, wrap });
      }),
    );
  });

  it("signs in several threads that share maxConnections, taking messages in turn", async () => {
    const peer = await startPeer();
    const { key, resolver } = testKey("ed25519");
    const options = { ...clientOptions(peer.port), maxConnections: 2, maxMessages: 100, dkim: key, threads: 2 };
    const thread = createSmtpThread(options);
    // One after another: the threads take them in turn, each over a session of its own.
    for (const n of [0, 1, 2, 3]) await thread.sendRaw(rawMail(`one${n}@example.com`));
    expect(peer.sessions()).toBe(2);
    // Many at once, across campaigns: still no more sessions than maxConnections.
    await Promise.all(Array.from({ length: 20 }, (_, n) => thread.sendRaw(rawMail(`many${n}@example.com`, n))));
    thread.close();
    expect(peer.sessions()).toBe(2);
    expect(peer.received).toHaveLength(24);
    for (const { data } of peer.received) {
      const result = await dkimVerify(data, { resolver });
      expect(result.results[0]?.status.result).toBe("pass");
    }
  });

  it("reports a refused recipient as a bounce and goes on over the same session", async () => {
    const peer = await startPeer({}, (to) =>
      to.startsWith("gone") ? { code: 550, message: "No such user" } : undefined,
    );
    const thread = createSmtpThread({ ...clientOptions(peer.port), maxConnections: 1, maxMessages: 100 });
    const refused = await thread.sendRaw(rawMail("gone@example.com")).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "EENVELOPE", responseCode: 550 });
    expect(classify(refused)).toMatchObject({ permanent: true, bounce: true });
    await thread.sendRaw(rawMail("here@example.com"));
    thread.close();
    expect(peer.received.map((r) => r.to)).toEqual([["here@example.com"]]);
    expect(peer.sessions()).toBe(1);
  });

  it("names the command a refusal answered, so a refusal of our sender or credentials is the relay's, not the recipient's", async () => {
    const quota = await startPeer({
      onMailFrom(_address, _session, callback) {
        callback(Object.assign(new Error("5.4.5 Daily user sending quota exceeded"), { responseCode: 550 }));
      },
    });
    const thread = createSmtpThread({ ...clientOptions(quota.port), maxConnections: 1, maxMessages: 100 });
    const overQuota = await thread.sendRaw(rawMail("someone@example.com")).catch((error: unknown) => error);
    thread.close();
    expect(overQuota).toMatchObject({ responseCode: 550, command: "MAIL FROM" });
    expect(classify(overQuota)).toMatchObject({ permanent: false, bounce: false, relay: true });

    const locked = await startPeer({
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      onAuth(_auth, _session, callback) {
        callback(Object.assign(new Error("5.7.8 Authentication credentials invalid"), { responseCode: 535 }));
      },
    });
    const credentials = { auth: { user: "shop", pass: "wrong" } };
    const pool = poolOf(clientOptions(locked.port, credentials));
    const refused = await pool.send(envelope("someone@example.com"), message("hi")).catch((error: unknown) => error);
    pool.close();
    expect(refused).toMatchObject({ code: "EAUTH", responseCode: 535, command: "AUTH PLAIN" });
    expect(classify(refused)).toMatchObject({ permanent: false, bounce: false, relay: true });
  });

  it("treats a deferral (4xx) as worth another try", async () => {
    const peer = await startPeer({}, () => ({ code: 451, message: "Try again later" }));
    const pool = poolOf(clientOptions(peer.port));
    const deferred = await pool.send(envelope("later@example.com"), message("later")).catch((error: unknown) => error);
    pool.close();
    expect(deferred).toMatchObject({ responseCode: 451 });
    expect(classify(deferred).permanent).toBe(false);
  });

  it("upgrades with STARTTLS and signs in with PLAIN or LOGIN", async () => {
    for (const method of ["PLAIN", "LOGIN"]) {
      const peer = await startPeer({
        disabledCommands: [],
        authOptional: false,
        authMethods: [method],
        onAuth(auth, _session, callback) {
          if (auth.username === "relay" && auth.password === "pa:ss wörd")
            return callback(null, { user: auth.username });
          return callback(new Error("Invalid username or password"));
        },
      });
      const options = clientOptions(peer.port, {
        ignoreTLS: false,
        auth: { user: "relay", pass: "pa:ss wörd" },
        tls: { rejectUnauthorized: false },
      });
      const pool = poolOf(options);
      await pool.send(envelope("tls@example.com"), message("tls"));
      pool.close();
      expect(peer.received[0]).toMatchObject({ secure: true, user: "relay" });

      const wrong = poolOf({ ...options, auth: { user: "relay", pass: "wrong" } });
      const refused = await wrong.send(envelope("tls@example.com"), message("tls")).catch((error: unknown) => error);
      wrong.close();
      expect(refused).toMatchObject({ code: "EAUTH", responseCode: 535 });
    }
  });

  it("sends one command at a time to a server without PIPELINING", async () => {
    const peer = await startPeer({ hidePIPELINING: true } as Partial<SMTPServerOptions>, (to) =>
      to.startsWith("gone") ? { code: 550, message: "No such user" } : undefined,
    );
    const pool = poolOf(clientOptions(peer.port));
    const refused = await pool.send(envelope("gone@example.com"), message("gone")).catch((error: unknown) => error);
    await pool.send(envelope("one@example.com"), message("one"));
    pool.close();
    expect(refused).toMatchObject({ code: "EENVELOPE", responseCode: 550 });
    expect(peer.received.map((r) => r.to)).toEqual([["one@example.com"]]);
  });

  it("opens a new session after maxMessages", async () => {
    const peer = await startPeer();
    const pool = poolOf(clientOptions(peer.port), 2);
    for (const to of ["a@example.com", "b@example.com", "c@example.com"]) await pool.send(envelope(to), message(to));
    pool.close();
    expect(peer.received).toHaveLength(3);
    expect(peer.sessions()).toBe(2);
  });

  it("fails a message at once, as worth another try, when the relay is down", async () => {
    const peer = await startPeer();
    await peer.close();
    const thread = createSmtpThread({ ...clientOptions(peer.port), maxConnections: 2, maxMessages: 100 });
    const failed = await thread.sendRaw(rawMail("down@example.com")).catch((error: unknown) => error);
    thread.close();
    expect(failed).toMatchObject({ code: "ESOCKET" });
    expect(classify(failed).permanent).toBe(false);
  });
});
