// The logger every server module takes (the console in production, a quiet one in tests). A type only:
// it lives here, not beside the mailer, so no folder depends on mail/ just to log.
export type Logger = Pick<Console, "info" | "warn" | "error">;
