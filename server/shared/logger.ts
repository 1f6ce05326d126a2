// The logger every server module takes (the console in production, a quiet one in tests). A type only:
// it lives here, not beside the mailer, so no folder depends on mail/ just to log.
//
// The process's logger writes JSON lines through pino (server/observability/logger.server.ts, decision
// 0075): call sites keep the console's shape (`logger.warn("[tag] what happened", error)`); a plain
// object among the arguments becomes fields of the line (`{ conversationId }`), an Error its `err`.
// Never put e-mail addresses, phone numbers or message text in a line at info or above.
export type Logger = Pick<Console, "info" | "warn" | "error"> & {
  /** Diagnostics, off unless LOG_LEVEL=debug (not masked: for local diagnosis only). */
  debug?: Console["debug"];
  /** A logger whose every line carries these fields (a request id, a conversation id). */
  child?(fields: LogFields): Logger;
};

export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** `logger` with `fields` on every line, when it can (the console and the tests' quiet loggers cannot). */
export function withLogFields(logger: Logger, fields: LogFields): Logger {
  return logger.child ? logger.child(fields) : logger;
}
