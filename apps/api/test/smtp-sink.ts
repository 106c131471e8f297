import { SMTPServer } from "smtp-server";

export type Captured = { from: string; to: string[]; raw: string; headers: Map<string, string> };

type Refusal = { code: number; message: string } | undefined;

/**
 * A real SMTP peer on loopback that keeps what it receives; `reject` may refuse chosen recipients,
 * `refuseSender` the envelope sender (as a relay over its quota does), and `delayMs` makes it that
 * slow to answer each message.
 */
export async function startSmtpSink(
  options: {
    reject?: (to: string) => Refusal;
    refuseSender?: (from: string) => Refusal;
    port?: number;
    delayMs?: number;
  } = {},
) {
  const refused = (refusal: Refusal) =>
    refusal && Object.assign(new Error(refusal.message), { responseCode: refusal.code });
  const messages: Captured[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 10 * 1024 * 1024,
    onMailFrom(address, _session, callback) {
      callback(refused(options.refuseSender?.(address.address)));
    },
    onRcptTo(address, _session, callback) {
      callback(refused(options.reject?.(address.address)));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const headerBlock = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
        const headers = new Map<string, string>();
        for (const line of headerBlock.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
          const colon = line.indexOf(":");
          if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
        }
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          headers,
        });
        setTimeout(callback, options.delayMs ?? 0);
      });
    },
  });
  // A client killed mid-conversation (the sender crash test does it on purpose) resets its socket;
  // for a sink that is expected, not a failure.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET" && error.code !== "EPIPE") throw error;
  });
  const port = await listenOnLoopback(server, options.port);
  return {
    url: `smtp://127.0.0.1:${port}?tls=off`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Starts an SMTP server on 127.0.0.1 (a free port unless one is given) and returns its port. */
export async function listenOnLoopback(server: SMTPServer, port = 0): Promise<number> {
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  return typeof address === "object" && address ? address.port : 0;
}

/** Quoted-printable bodies wrap lines with "=\r\n" and escape "="; tests read the decoded text. */
export function decodedBody(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
