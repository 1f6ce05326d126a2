// The process's logger (issue 35, decision 0075): JSON lines through pino, behind the console-shaped
// `Logger` type every module already takes (server/shared/logger.ts), so no call site changes.
//
//   logger.warn("[jobs] mail.send k1 attempt 2 failed: …")   → {"level":"warn","component":"jobs","msg":"[jobs] …"}
//   logger.error("[widget] message:send failed", { conversationId }, error) → … "conversationId":"…","err":{…}
//
// A line's `[tag]` prefix becomes its `component`; plain objects among the arguments become its fields;
// an Error becomes `err` (type, message, stack). Personal data stays out of info, warn and error lines:
// e-mail addresses and phone numbers in the message and the error are masked, and the fields `email`,
// `phone`, `to`, `text` and `body` are redacted. Debug lines (LOG_LEVEL=debug) are written as given.
import pino, { type DestinationStream, type Level, type LevelWithSilent } from "pino";
import type { LogFields, Logger } from "../shared/logger.ts";

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
// International numbers (+15551234567, +44 20 7946 0958) and North American ones ((555) 123-4567,
// 555-123-4567, 555.123.4567): dates, durations and ids do not look like these.
const PHONE = /\+\d[\d\s().-]{6,}\d|\(\d{3}\)\s?\d{3}[\s.-]\d{4}|\b\d{3}[.-]\d{3}[.-]\d{4}\b/g;

/** The text with e-mail addresses and phone numbers masked. */
export function maskPersonalData(text: string): string {
  if (!text.includes("@") && !/\d{3}/.test(text)) return text;
  return text.replace(EMAIL, "[email]").replace(PHONE, "[phone]");
}

/** The fields never written, at any level but debug's (a call site that passes them by mistake). */
export const REDACTED_FIELDS = ["email", "phone", "to", "text", "body", "*.email", "*.phone", "*.to", "*.text", "*.body"];

const TAG = /^\[([\w:.-]+)\]/;

export type LoggerOptions = {
  level: LevelWithSilent;
  /** Where the lines go: stdout by default; a test passes a stream it reads. */
  destination?: DestinationStream;
  /** Fields of every line. */
  base?: LogFields;
};

export function createLogger(options: LoggerOptions): Logger & { pino: pino.Logger } {
  const root = pino(
    {
      level: options.level,
      base: { ...options.base },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_FIELDS, censor: "[redacted]" },
      serializers: { err: serializeError },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
  return wrap(root);
}

function wrap(target: pino.Logger): Logger & { pino: pino.Logger } {
  const write = (level: Level, args: unknown[]) => {
    if (!target.isLevelEnabled(level)) return;
    const { fields, msg } = lineOf(args, level !== "debug" && level !== "trace");
    target[level](fields, msg);
  };
  return {
    pino: target,
    info: (...args: unknown[]) => write("info", args),
    warn: (...args: unknown[]) => write("warn", args),
    error: (...args: unknown[]) => write("error", args),
    debug: (...args: unknown[]) => write("debug", args),
    child: (fields) => wrap(target.child(fields)),
  };
}

/** Console-style arguments as pino's (fields, message). */
function lineOf(args: unknown[], mask: boolean): { fields: Record<string, unknown>; msg: string } {
  const fields: Record<string, unknown> = {};
  const parts: string[] = [];
  for (const arg of args) {
    if (arg instanceof Error) fields.err = mask ? maskedError(arg) : arg;
    else if (arg !== null && typeof arg === "object") Object.assign(fields, arg);
    else if (arg !== undefined && arg !== "") parts.push(String(arg));
  }
  const msg = parts.join(" ");
  const tag = TAG.exec(msg);
  if (tag && fields.component === undefined) fields.component = tag[1];
  return { fields, msg: mask ? maskPersonalData(msg) : msg };
}

/** What an error says (a failed SMTP answer names its recipient), masked as a message is. */
function maskedError(error: Error): Error {
  const copy = new Error(maskPersonalData(error.message));
  copy.name = error.name;
  copy.stack = error.stack ? maskPersonalData(error.stack) : undefined;
  const code = (error as { code?: unknown }).code;
  if (code !== undefined) Object.assign(copy, { code });
  return copy;
}

function serializeError(error: unknown) {
  if (!(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  return { type: error.name, message: error.message, stack: error.stack, ...(code !== undefined ? { code } : {}) };
}
