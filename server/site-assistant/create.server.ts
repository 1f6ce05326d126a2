// The site assistant of this process: the rules alone, or with the model when one is configured (the
// same key, model and caps as the cleaning assistant, server/ai/create-assistant.server.ts).
import { aiCapsFromEnv, MOCK_API_KEY } from "../ai/create-assistant.server.ts";
import { createModelClient } from "../ai/model-client.server.ts";
import { createUsageStore } from "../ai/usage-store.server.ts";
import type { Env } from "../config/env.server.ts";
import type { Db } from "../db/client.server.ts";
import type { Logger } from "../shared/logger.ts";
import { createSiteAssistant, type SiteAssistant } from "./assistant.server.ts";

export function createSiteAssistantFromEnv(options: { env: Env; db: Db; logger: Logger }): SiteAssistant {
  const { env } = options;
  const apiKey = env.OPENAI_API_KEY ?? (env.MOCKS ? MOCK_API_KEY : undefined);
  const model = apiKey
    ? {
        client: createModelClient({ apiKey, baseURL: env.OPENAI_BASE_URL, model: env.OPENAI_MODEL, timeoutMs: env.AI_TIMEOUT_MS }),
        usage: createUsageStore(options.db),
        caps: aiCapsFromEnv(env),
      }
    : undefined;
  return createSiteAssistant({ content: { appUrl: env.PUBLIC_APP_URL }, logger: options.logger, ...(model ? { model } : {}) });
}
