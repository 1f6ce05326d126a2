import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../config/env.server.ts";
import { initialState } from "../conversation/engine.ts";
import type { Db } from "../db/client.server.ts";
import { aiCapsFromEnv, createAssistant } from "./create-assistant.server.ts";
import { testProfile } from "./test-profile.ts";

const logger = { info: () => {}, warn: () => {}, error: () => {} };
/** The rules assistant must not touch the database: any access throws. */
const noDb = new Proxy({}, { get: () => { throw new Error("database used"); } }) as unknown as Db;

describe("createAssistant", () => {
  it("without a key: the rules assistant, which answers without the database", async () => {
    const assistant = createAssistant({ env: parseEnv({ NODE_ENV: "test" }), db: noDb, logger });
    expect(assistant.name).toBe("rules");
    const profile = testProfile();
    const turn = await assistant.respond({
      state: initialState(),
      text: "Regular Commercial Cleaning",
      profile,
      now: new Date(),
      history: () => Promise.reject(new Error("history loaded")),
      conversation: { id: "c", businessId: "b", isTest: false },
    });
    expect(turn.state.step).toBe("building_size");
  });

  it("with a key, or MOCKS in development: the AI assistant named after the model", () => {
    expect(createAssistant({ env: parseEnv({ NODE_ENV: "test", OPENAI_API_KEY: "sk-x", OPENAI_MODEL: "llama3.1" }), db: noDb, logger }).name).toBe("llama3.1");
    expect(createAssistant({ env: parseEnv({ NODE_ENV: "development", MOCKS: "true" }), db: noDb, logger }).name).toBe("gpt-4o-mini");
  });

  it("refuses MOCKS in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production", MOCKS: "true" })).toThrow(EnvError);
  });

  it("reads the caps, with defaults", () => {
    expect(aiCapsFromEnv(parseEnv({ NODE_ENV: "test", AI_MAX_CALLS_PER_CONVERSATION: "5" }))).toEqual({
      callsPerConversation: 5,
      tokensPerConversation: 40_000,
      callsPerBusinessDay: 2_000,
      tokensPerBusinessDay: 2_000_000,
    });
    expect(() => parseEnv({ NODE_ENV: "test", AI_TIMEOUT_MS: "fast" })).toThrow(/AI_TIMEOUT_MS/);
  });
});
