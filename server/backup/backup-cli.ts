// `npm run backup [-- --out FILE]` (decision 0073, docs/operations.md).
import { parseEnv } from "../config/env.server.ts";
import { runCli } from "./commands.server.ts";

process.exitCode = await runCli("backup", process.argv.slice(2), parseEnv(process.env));
