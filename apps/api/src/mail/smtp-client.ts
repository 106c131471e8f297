import type * as Net from "node:net";
import type * as Tls from "node:tls";
import { noStartTls } from "./smtp-errors.ts";

export type SmtpClientOptions = {
  host: string;
  port: number;
  /** TLS from the first byte (smtps); otherwise STARTTLS when the server offers it, unless ignoreTLS. */
  secure: boolean;
  ignoreTLS: boolean;
  /**
   * Nothing is sent unless the session is encrypted (smtps, or STARTTLS): a server that does not offer
   * STARTTLS is refused before AUTH. Credentials never go unencrypted unless ignoreTLS says so.
   */
  requireTLS?: boolean | undefined;
  auth?: { user: string; pass: string } | undefined;
  connectionTimeout: number;
  socketTimeout: number;
  /** The name this client gives in EHLO. */
  name: string;
  /** Passed to tls.connect (tests trust their self-signed peer with it). */
  tls?: Tls.ConnectionOptions | undefined;
};

export type SmtpEnvelope = { from: string; to: string[] };

/** nodemailer's error shape, which classify() and the pool read: code, responseCode, response, command. */
export type SmtpError = Error & { code: string; responseCode?: number; response?: string; command?: string };

export type SmtpClient = {
  /** Settles once the session can send: greeting, EHLO, STARTTLS, AUTH. */
  ready: Promise<void>;
  /** One message; resolves to the server's final reply. One at a time per client. */
  send(envelope: SmtpEnvelope, message: string): Promise<string>;
  /** RSET: the session goes on after the server refused a message. */
  reset(): Promise<void>;
  quit(): void;
  destroy(): void;
  isClosed(): boolean;
  /** Called once, with why the session ended (quit() included). */
  onClose(listener: (error: Error) => void): void;
};

/**
 * One SMTP session for campaign mail: MIME text in, the server's reply out.
 *
 * nodemailer's SMTPConnection cost about 250 µs of CPU per message here (a stream per message,
 * dot-stuffing byte by byte in JavaScript, a separate write for the final dot) against about 100
 * for this: envelope and DATA pipelined when the server offers PIPELINING (RFC 2920), and the whole
 * dot-stuffed message with its terminator in one write. Errors keep nodemailer's codes (EENVELOPE,
 * EMESSAGE, ECONNECTION, ETIMEDOUT, EAUTH, ETLS, EPROTOCOL) and responseCode, so delivery outcomes
 * are classified as before. Authentication is PLAIN or LOGIN, which covers an SMTP_URL's user and
 * password.
 *
 * It runs in the SMTP thread (smtp-thread-entry.ts), which passes node:net and node:tls in as `io`.
 */
export function connectSmtp(options: SmtpClientOptions, io: { net: typeof Net; tls: typeof Tls }): SmtpClient {
  const smtpError = (message: string, code: string, response?: string, command?: string): SmtpError => {
    const error = new Error(response ? `${message}: ${response}` : message) as SmtpError;
    error.code = code;
    if (response) {
      error.response = response;
      const responseCode = Number(response.slice(0, 3));
      if (responseCode) error.responseCode = responseCode;
    }
    if (command) error.command = command;
    return error;
  };
  const replyCode = (reply: string) => Number(reply.slice(0, 3));

  const waiting: { resolve(reply: string): void; reject(error: Error): void }[] = [];
  const closeListeners: ((error: Error) => void)[] = [];
  let received = "";
  let replyLines: string[] = [];
  let closed = false;
  let pipelining = false;

  function destroy(error: Error = smtpError("Connection closed", "ECONNECTION")): void {
    socket.destroy();
    if (closed) return;
    closed = true;
    clearTimeout(setupTimer);
    for (const waiter of waiting.splice(0)) waiter.reject(error);
    for (const listener of closeListeners) listener(error);
  }

  function onData(chunk: string): void {
    received += chunk;
    // A server that never ends its reply must not fill memory.
    if (received.length > 1_000_000) {
      destroy(smtpError("Reply too large", "EPROTOCOL", undefined, "CONN"));
      return;
    }
    for (let end = received.indexOf("\n"); end >= 0; end = received.indexOf("\n")) {
      const line = received.slice(0, end).replace(/\r$/, "");
      received = received.slice(end + 1);
      replyLines.push(line);
      if (line.charAt(3) === "-") continue;
      const reply = replyLines.join("\n");
      replyLines = [];
      const waiter = waiting.shift();
      // Unasked for, a reply is the server closing the session (421 after an idle time-out).
      if (!waiter) {
        destroy(smtpError("Connection closed by the server", "ECONNECTION", reply, "CONN"));
        return;
      }
      waiter.resolve(reply);
    }
  }

  function listen(to: Net.Socket): void {
    to.setEncoding("utf8");
    to.setTimeout(options.socketTimeout, () => destroy(smtpError("Timeout", "ETIMEDOUT", undefined, "CONN")));
    to.on("data", onData);
    to.on("error", (error: Error) => destroy(Object.assign(smtpError(error.message, "ESOCKET"), { cause: error })));
    to.on("close", () => destroy(smtpError("Connection closed unexpectedly", "ECONNECTION", undefined, "CONN")));
  }

  const read = () => new Promise<string>((resolve, reject) => waiting.push({ resolve, reject }));
  const write = (text: string) => {
    if (!closed) socket.write(text);
  };
  const exchange = (command: string) => {
    write(`${command}\r\n`);
    return read();
  };
  const servername = io.net.isIP(options.host) ? undefined : options.host;

  const setupTimer = setTimeout(
    () => destroy(smtpError("Connection timeout", "ETIMEDOUT", undefined, "CONN")),
    options.connectionTimeout,
  );
  let socket: Net.Socket = options.secure
    ? io.tls.connect({ host: options.host, port: options.port, servername, ...options.tls })
    : io.net.connect({ host: options.host, port: options.port });
  listen(socket);

  /** EHLO (HELO for an old server); returns the extension keywords and the AUTH mechanisms offered. */
  async function hello(): Promise<{ extensions: Set<string>; auth: string[] }> {
    let reply = await exchange(`EHLO ${options.name}`);
    if (replyCode(reply) !== 250) reply = await exchange(`HELO ${options.name}`);
    if (replyCode(reply) !== 250) throw smtpError("Greeting failed", "EPROTOCOL", reply, "EHLO");
    const lines = reply
      .split("\n")
      .slice(1)
      .map((line) => line.slice(4).trim().toUpperCase());
    const auth =
      lines
        .find((line) => /^AUTH[ =]/.test(line))
        ?.slice(5)
        .split(/\s+/) ?? [];
    return { extensions: new Set(lines.map((line) => line.split(/[ =]/)[0] ?? "")), auth };
  }

  /** STARTTLS: the same socket, wrapped; the plain one stops being listened to. */
  function upgrade(): Promise<void> {
    const plain = socket;
    plain.removeAllListeners("data").removeAllListeners("close").removeAllListeners("error").setTimeout(0);
    plain.on("error", () => {});
    return new Promise((resolve) => {
      socket = io.tls.connect({ socket: plain, servername, ...options.tls }, () => resolve());
      listen(socket);
    });
  }

  async function login(offered: string[], credentials: { user: string; pass: string }): Promise<void> {
    const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
    const expect = (reply: string, code: number, command: string) => {
      if (replyCode(reply) !== code) throw smtpError("Invalid login", "EAUTH", reply, command);
    };
    if (offered.includes("PLAIN")) {
      expect(
        await exchange(`AUTH PLAIN ${base64(`\u0000${credentials.user}\u0000${credentials.pass}`)}`),
        235,
        "AUTH PLAIN",
      );
    } else if (offered.includes("LOGIN")) {
      expect(await exchange("AUTH LOGIN"), 334, "AUTH LOGIN");
      expect(await exchange(base64(credentials.user)), 334, "AUTH LOGIN");
      expect(await exchange(base64(credentials.pass)), 235, "AUTH LOGIN");
    } else {
      throw smtpError(`No supported authentication method among ${offered.join(", ")}`, "EAUTH", undefined, "AUTH");
    }
  }

  const ready = (async () => {
    const greeting = await read();
    if (replyCode(greeting) !== 220) throw smtpError("Unexpected greeting", "EPROTOCOL", greeting, "CONN");
    let features = await hello();
    let encrypted = options.secure;
    if (!encrypted && !options.ignoreTLS && features.extensions.has("STARTTLS")) {
      const answer = await exchange("STARTTLS");
      if (replyCode(answer) !== 220)
        throw smtpError("Error upgrading connection with STARTTLS", "ETLS", answer, "STARTTLS");
      await upgrade();
      encrypted = true;
      features = await hello();
    }
    if (!encrypted && !options.ignoreTLS && (options.requireTLS || options.auth)) {
      throw smtpError(noStartTls, "ETLS", undefined, "STARTTLS");
    }
    if (options.auth && features.auth.length > 0) await login(features.auth, options.auth);
    pipelining = features.extensions.has("PIPELINING");
    clearTimeout(setupTimer);
  })();
  // A failed setup also closes the session; whoever awaits `ready` hears why.
  ready.catch((error: Error) => destroy(error));

  /** MAIL FROM, RCPT TO and DATA: undefined once the server waits for the message, or why not. */
  async function openTransaction({ from, to }: SmtpEnvelope): Promise<SmtpError | undefined> {
    const replies: string[] = [];
    if (pipelining) {
      const commands = [`MAIL FROM:<${from}>`, ...to.map((address) => `RCPT TO:<${address}>`), "DATA"];
      write(`${commands.join("\r\n")}\r\n`);
      replies.push(...(await Promise.all(commands.map(() => read()))));
    } else {
      // One at a time, DATA only once the sender and at least one recipient were accepted.
      replies.push(await exchange(`MAIL FROM:<${from}>`));
      if (replyCode(replies[0] ?? "") < 300) {
        for (const address of to) replies.push(await exchange(`RCPT TO:<${address}>`));
        if (replies.slice(1).some((reply) => replyCode(reply) < 300)) replies.push(await exchange("DATA"));
      }
    }
    const [mail = "", ...rest] = replies;
    const rcpts = rest.slice(0, to.length);
    const data = rest[to.length];
    let refused: SmtpError | undefined;
    if (replyCode(mail) >= 300) refused = smtpError("Mail command failed", "EENVELOPE", mail, "MAIL FROM");
    else if (!rcpts.some((reply) => replyCode(reply) < 300)) {
      // A deferral (4xx) among the refusals says retry later, not that the address is gone.
      const deferred = rcpts.find((reply) => replyCode(reply) < 500);
      const reply = deferred ?? rcpts[rcpts.length - 1];
      refused = smtpError("Can't send mail - all recipients were rejected", "EENVELOPE", reply, "RCPT TO");
    }
    if (data !== undefined && replyCode(data) >= 300 && replyCode(data) < 400 && refused) {
      // The server took DATA with nobody to deliver to: end the empty message so the session stays in step.
      await exchange(".");
    }
    if (refused) return refused;
    if (data === undefined || replyCode(data) >= 400)
      return smtpError("Data command failed", "EENVELOPE", data, "DATA");
    return undefined;
  }

  return {
    ready,
    async send(envelope, text) {
      const bad = (address: string) => /[\r\n<>\s]/.test(address);
      if (bad(envelope.from) || envelope.to.some((address) => !address || bad(address)))
        throw smtpError("Invalid address in the envelope", "EENVELOPE", undefined, "API");
      if (envelope.to.length === 0) throw smtpError("No recipients defined", "EENVELOPE", undefined, "API");
      const refused = await openTransaction(envelope);
      if (refused) throw refused;
      // Every line ending becomes CRLF, so no lone CR or LF can end the data early (SMTP smuggling),
      // and a dot starting a line is doubled (RFC 5321 4.5.2).
      let body = /\r(?!\n)|(?<!\r)\n/.test(text) ? text.replace(/\r\n|\r|\n/g, "\r\n") : text;
      if (body.startsWith(".") || body.includes("\n.")) body = body.replace(/^\./gm, "..");
      const reply = await exchange(`${body}${body.endsWith("\r\n") || body === "" ? "" : "\r\n"}.`);
      if (replyCode(reply) !== 250) throw smtpError("Message failed", "EMESSAGE", reply, "DATA");
      return reply;
    },
    async reset() {
      const reply = await exchange("RSET");
      if (replyCode(reply) !== 250) throw smtpError("Could not reset session state", "EPROTOCOL", reply, "RSET");
    },
    quit() {
      if (closed) return;
      write("QUIT\r\n");
      closed = true;
      clearTimeout(setupTimer);
      const error = smtpError("Connection closed", "ECONNECTION");
      for (const waiter of waiting.splice(0)) waiter.reject(error);
      socket.end();
      for (const listener of closeListeners) listener(error);
    },
    destroy: () => destroy(),
    isClosed: () => closed,
    onClose(listener) {
      closeListeners.push(listener);
    },
  };
}
