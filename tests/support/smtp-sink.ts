// A real SMTP server on a free loopback port (the `smtp-server` package) that keeps every message it
// accepts: the sink the mail tests and the job-runner bench deliver to. It can be taken down and
// brought back on the same port (an outage), and told to refuse recipients for good (550).
import { SMTPServer } from "smtp-server";
import { freePort } from "./test-server.ts";

export type SunkMail = {
  messageId: string;
  to: string[];
  subject: string;
  raw: string;
  /** The message with quoted-printable soft line breaks and escapes undone: search it for text and links. */
  decoded: string;
};

function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

export type SmtpSink = {
  url: string;
  messages: SunkMail[];
  /** Recipients answered `550 No such user` (a permanent failure). */
  refuse(address: string): void;
  /** Stops listening (connections are refused) until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  /** Resolves when `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<SunkMail[]>;
  close(): Promise<void>;
};

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(raw);
  return match ? match[1]!.replace(/\r?\n[ \t]+/g, " ").trim() : "";
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const port = await freePort();
  const messages: SunkMail[] = [];
  const refused = new Set<string>();
  const waiters = new Set<() => void>();

  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      // Taken down (an outage) or closed, the sink drops the connections clients keep open (the mailer's
      // pool) at once with a 421, as a server going away does. smtp-server's default waits 30 s for
      // them to close first: jobs-mail's outage test spent that long in `down()` (decision 0094).
      closeTimeout: 1,
      onRcptTo(address, _session, callback) {
        if (refused.has(address.address.toLowerCase())) {
          const error = new Error("No such user") as Error & { responseCode: number };
          error.responseCode = 550;
          return callback(error);
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          messages.push({
            messageId: header(raw, "Message-ID"),
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: header(raw, "Subject"),
            raw,
            decoded: decodeQuotedPrintable(raw),
          });
          for (const wake of waiters) wake();
          callback();
        });
      },
    });

  const makeTolerant = () => {
    const server = make();
    // A client that vanishes mid-session (a runner killed with SIGKILL) resets its connection: that
    // is the point of the crash tests, not an error of the sink.
    server.on("error", () => {});
    return server;
  };
  let server = makeTolerant();
  const listen = () => new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  await listen();

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse: (address) => refused.add(address.toLowerCase()),
    async down() {
      await stop();
    },
    async up() {
      server = makeTolerant();
      await listen();
    },
    waitFor(count, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          cleanup();
          resolve(messages);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`${messages.length} of ${count} e-mails arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: stop,
  };
}
