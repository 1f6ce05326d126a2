// `npm run restore -- FILE` and `npm run restore -- --verify FILE` (decision 0073, docs/operations.md).
import { parseEnv } from "../config/env.server.ts";
import { runCli } from "./commands.server.ts";

process.exitCode = await runCli("restore", process.argv.slice(2), parseEnv(process.env));
