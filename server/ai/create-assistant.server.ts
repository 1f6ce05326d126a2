// Which assistant answers visitors: the AI assistant when a model is configured (OPENAI_API_KEY, or
// MOCKS=true in development), else the rules assistant alone, which touches no model and no usage table.
import type { Env } from "../config/env.server.ts";
import { createRulesAssistant, type Assistant } from "../conversation/assistant.ts";
import type { Db } from "../db/client.server.ts";
import type { Logger } from "../shared/logger.ts";
import { createAiAssistant } from "./ai-assistant.server.ts";
import type { AiCaps } from "./caps.ts";
import { createModelClient } from "./model-client.server.ts";
import { createUsageStore } from "./usage-store.server.ts";

/** The key used with MOCKS=true: requests never leave the process (MSW answers them). */
export const MOCK_API_KEY = "sk-mock-leadbroom";

export function aiCapsFromEnv(env: Env): AiCaps {
  return {
    callsPerConversation: env.AI_MAX_CALLS_PER_CONVERSATION,
    tokensPerConversation: env.AI_MAX_TOKENS_PER_CONVERSATION,
    callsPerBusinessDay: env.AI_MAX_CALLS_PER_BUSINESS_DAY,
    tokensPerBusinessDay: env.AI_MAX_TOKENS_PER_BUSINESS_DAY,
  };
}

export function createAssistant(options: { env: Env; db: Db; logger: Logger }): Assistant {
  const { env } = options;
  const apiKey = env.OPENAI_API_KEY ?? (env.MOCKS ? MOCK_API_KEY : undefined);
  if (!apiKey) return createRulesAssistant();
  return createAiAssistant({
    client: createModelClient({ apiKey, baseURL: env.OPENAI_BASE_URL, model: env.OPENAI_MODEL, timeoutMs: env.AI_TIMEOUT_MS }),
    usage: createUsageStore(options.db),
    caps: aiCapsFromEnv(env),
    logger: options.logger,
  });
}
