import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { listenOnLoopback } from "../../test/smtp-sink.ts";
import { campaignMessage } from "./campaign-message.ts";
import { compileCampaign } from "./render.ts";
import { classify } from "./smtp-errors.ts";
import { createMailer, type MailerOptions } from "./transport.ts";

/** A self-signed certificate for 127.0.0.1, made with openssl (node:crypto cannot make X.509 certificates). */
function selfSigned(): { key: string; cert: string } | undefined {
  const dir = mkdtempSync(path.join(tmpdir(), "smtp-tls-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=relay.test",
        "-addext",
        "subjectAltName=IP:127.0.0.1,DNS:localhost",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
  } catch {
    return undefined;
  }
  return {
    key: readFileSync(path.join(dir, "key.pem"), "utf8"),
    cert: readFileSync(path.join(dir, "cert.pem"), "utf8"),
  };
}

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/** A relay that requires a password and logs every command it receives (AUTH included). */
async function startRelay(options: Partial<SMTPServerOptions>) {
  const commands: string[] = [];
  const delivered: { to: string[]; secure: boolean }[] = [];
  const server = new SMTPServer({
    authOptional: false,
    // A session cut during the refused handshake must not hold the server's close for its default 30 s.
    closeTimeout: 100,
    authMethods: ["PLAIN", "LOGIN"],
    // smtp-server logs every command line it receives (tnx "command") before acting on it.
    logger: {
      debug: (meta: { tnx?: string; command?: string }) => {
        if (meta?.tnx === "command" && meta.command) commands.push(meta.command);
      },
      info: () => {},
      warn: () => {},
      error: () => {},
      trace: () => {},
      fatal: () => {},
      child: () => undefined,
      level: "debug",
    } as unknown as SMTPServerOptions["logger"],
    onAuth(auth, _session, callback) {
      if (auth.username === "relay" && auth.password === "s3cret") return callback(null, { user: "relay" });
      return callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        delivered.push({ to: session.envelope.rcptTo.map((r) => r.address), secure: session.secure });
        callback();
      });
    },
    ...options,
  });
  server.on("error", () => {});
  const port = await listenOnLoopback(server);
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port, commands, delivered };
}

const compiled = compileCampaign({ html: "<p>Hello</p>", preheader: "", storeName: "Shop" });
const campaignTo = (email: string) =>
  campaignMessage(
    { id: "0190aaaa-0000-7000-8000-000000000002", subject: "Hello", compiled, linkIds: [] },
    { id: `r-${email}`, subscriberId: "s1", email },
    {
      secret: "s".repeat(32),
      publicUrl: "https://shop.test",
      settings: { mailFromName: "Shop", mailFromAddress: "news@shop.test" },
    },
  );
const accountMail = (to: string) => ({ from: "hello@shop.test", to, subject: "Reset", text: "Hello" });

function mailer(port: number, extra: Partial<MailerOptions> = {}, query = "") {
  const created = createMailer({
    smtpUrl: `smtp://relay:s3cret@127.0.0.1:${port}${query}`,
    outboxDir: mkdtempSync(path.join(tmpdir(), "smtp-tls-outbox-")),
    ...extra,
  });
  closers.push(async () => created.close());
  return created;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => new Error("sent, but should have failed"),
    (error: Error) => error,
  );

const certificate = selfSigned();

describe.skipIf(!certificate)("a relay with a self-signed certificate", () => {
  const tls = certificate ?? { key: "", cert: "" };

  it("is refused without SMTP_CA_FILE, with a message saying so, for campaigns and account mail", async () => {
    const relay = await startRelay({ key: tls.key, cert: tls.cert });
    const untrusting = mailer(relay.port, { requireTls: true });
    const sent = [untrusting.send(campaignTo("a@example.com")), untrusting.send(accountMail("b@example.com"))];
    for (const error of await Promise.all(sent.map(failure))) {
      expect(error.message).toMatch(/self-signed certificate/);
      expect(error.message).toMatch(/SMTP_CA_FILE/);
    }
    expect(relay.delivered).toEqual([]);
  });

  it("is trusted with its certificate in SMTP_CA_FILE, and the mail goes through encrypted", async () => {
    const relay = await startRelay({ key: tls.key, cert: tls.cert });
    const trusting = mailer(relay.port, { ca: tls.cert, requireTls: true });
    await trusting.send(campaignTo("c@example.com"));
    await trusting.send(accountMail("d@example.com"));
    expect(relay.delivered).toEqual([
      { to: ["c@example.com"], secure: true },
      { to: ["d@example.com"], secure: true },
    ]);
  });
});

describe("a relay that does not offer STARTTLS", () => {
  it("gets no credentials, and the sender a clear error, unless the URL says tls=off", async () => {
    const relay = await startRelay({ disabledCommands: ["STARTTLS"], allowInsecureAuth: true });
    const strict = mailer(relay.port, { requireTls: true });
    const sent = [strict.send(campaignTo("e@example.com")), strict.send(accountMail("f@example.com"))];
    for (const error of await Promise.all(sent.map(failure))) {
      expect(error.message).toMatch(/does not offer STARTTLS/);
      // The configuration's to fix, not the recipient's: retried, never a bounce.
      expect(classify(error)).toMatchObject({ permanent: false, bounce: false });
    }
    expect(relay.commands.filter((command) => command.startsWith("AUTH"))).toEqual([]);
    expect(relay.commands).toContain("EHLO");
    expect(relay.delivered).toEqual([]);

    // Without SMTP_REQUIRE_TLS, credentials still never go in the clear...
    const lenient = mailer(relay.port, { requireTls: false });
    expect((await failure(lenient.send(campaignTo("g@example.com")))).message).toMatch(/does not offer STARTTLS/);
    expect(relay.commands.filter((command) => command.startsWith("AUTH"))).toEqual([]);
    // ...unless tls=off says plaintext is meant.
    await mailer(relay.port, {}, "?tls=off").send(campaignTo("h@example.com"));
    expect(relay.commands.filter((command) => command.startsWith("AUTH"))).not.toEqual([]);
    expect(relay.delivered).toEqual([{ to: ["h@example.com"], secure: false }]);
  });
});
