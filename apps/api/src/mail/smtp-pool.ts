import type { SmtpClient, SmtpClientOptions, SmtpEnvelope, SmtpError } from "./smtp-client.ts";

export type SmtpPoolOptions = SmtpClientOptions & {
  maxConnections: number;
  /** A session is replaced after this many messages (relays cap messages per session). */
  maxMessages: number;
};

type Job = { envelope: SmtpEnvelope; message: string; resolve(response: string): void; reject(error: unknown): void };
type Connection = { client: SmtpClient; state: "connecting" | "idle" | "busy" | "closed"; messages: number };

/**
 * Up to maxConnections SMTP sessions taking queued messages in turn, as nodemailer's pool did: a
 * session the server refused one message on is reset and reused, one that failed is replaced, and a
 * session that cannot be set up fails the oldest waiting message (so a relay that is down fails
 * messages one by one rather than holding them).
 *
 * It runs in the SMTP thread (smtp-thread-entry.ts); the session comes from `connect`.
 */
export function createSmtpPool(options: SmtpPoolOptions, connect: (options: SmtpClientOptions) => SmtpClient) {
  const queue: Job[] = [];
  const connections = new Set<Connection>();
  let closed = false;

  function drop(connection: Connection): void {
    if (connection.state === "closed") return;
    connection.state = "closed";
    connections.delete(connection);
    if (!connection.client.isClosed()) connection.client.destroy();
    dispatch();
  }

  function ready(connection: Connection): void {
    if (connection.state === "closed") return;
    connection.state = "idle";
    dispatch();
  }

  function open(): void {
    const connection: Connection = { client: connect(options), state: "connecting", messages: 0 };
    connections.add(connection);
    const lost = (error: unknown) => {
      if (connection.state === "connecting") queue.shift()?.reject(error);
      drop(connection);
    };
    connection.client.onClose(lost);
    connection.client.ready.then(() => ready(connection), lost);
  }

  function run(connection: Connection, job: Job): void {
    connection.state = "busy";
    connection.messages += 1;
    connection.client.send(job.envelope, job.message).then(
      (response) => {
        job.resolve(response);
        if (connection.messages < options.maxMessages) return ready(connection);
        connection.client.quit();
        drop(connection);
      },
      (error: SmtpError) => {
        job.reject(error);
        const refused = (error.code === "EENVELOPE" || error.code === "EMESSAGE") && error.responseCode !== 421;
        if (!refused || connection.client.isClosed()) return drop(connection);
        // The server refused this message, not the session: reset it and go on with the next one.
        connection.client.reset().then(
          () => ready(connection),
          () => drop(connection),
        );
      },
    );
  }

  function dispatch(): void {
    if (closed) return;
    let connecting = 0;
    for (const connection of connections) {
      if (connection.state === "connecting") connecting += 1;
      if (connection.state !== "idle") continue;
      const job = queue.shift();
      if (!job) return;
      run(connection, job);
    }
    for (let needed = queue.length - connecting; needed > 0 && connections.size < options.maxConnections; needed -= 1) {
      open();
    }
  }

  return {
    /** Resolves to the server's final reply, or rejects with an SmtpError (code, responseCode). */
    send(envelope: SmtpEnvelope, message: string): Promise<string> {
      if (closed) return Promise.reject(new Error("The mail pool is closed"));
      return new Promise((resolve, reject) => {
        queue.push({ envelope, message, resolve, reject });
        dispatch();
      });
    },
    close(): void {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error("The mail pool is closed"));
      for (const connection of connections) {
        // An idle session is ended politely; one still setting up or sending is cut.
        if (connection.state === "idle") connection.client.quit();
        else connection.client.destroy();
        connection.state = "closed";
      }
      connections.clear();
    },
  };
}
