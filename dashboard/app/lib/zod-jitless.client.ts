// Zod, as the browser gets it (issue 32.10, decision 0092). The first object schema Zod builds tests
// whether `new Function` is allowed, so that it can compile fast parsers. Our Content-Security-Policy
// allows no eval (server/http/content-security-policy.server.ts), so each page that built a schema
// reported a `script-src` violation (Lighthouse's best-practices "issues" audit), although Zod swallows
// the error. Under `jitless` Zod neither probes nor compiles. The browser parses a form or a payload now
// and then, where the interpreted parser is fast enough. The server keeps the compiled parsers for the
// chat's hot path: dashboard/vite.config.ts swaps this module in for "zod" in the client build only.
import { config } from "zod/v4/core";

config({ jitless: true });

export * from "zod/v4";
