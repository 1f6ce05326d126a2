// The model behind the AI assistant, through the official `openai` library: OpenAI or any
// OpenAI-compatible server (OPENAI_BASE_URL). Two calls: a structured extraction (JSON schema) and a
// streamed reply. No retries; every call has a deadline (reset on each streamed chunk). Failures are
// returned as outcomes, never thrown: the assistant then answers on the rules path.
import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { EXTRACTION_JSON_SCHEMA } from "./extraction.ts";
import { estimateTokens } from "./prompts.ts";

export type CallUsage = { promptTokens: number; completionTokens: number; latencyMs: number };
export type FailedCall = { ok: false; outcome: "timeout" | "error" | "guarded"; usage: CallUsage; error?: unknown };

export type ModelClient = {
  readonly model: string;
  extract(messages: ChatCompletionMessageParam[]): Promise<{ ok: true; json: string; usage: CallUsage } | FailedCall>;
  /** Streams the reply to `onText`; returning false from it stops the stream (outcome "guarded"). */
  streamReply(
    messages: ChatCompletionMessageParam[],
    onText: (delta: string) => boolean,
  ): Promise<{ ok: true; text: string; usage: CallUsage } | FailedCall>;
};

export type ModelClientOptions = { apiKey: string; baseURL?: string; model: string; timeoutMs: number };

const EXTRACT_MAX_TOKENS = 300;
const REPLY_MAX_TOKENS = 350;

const EXPIRED = Symbol("expired");

/**
 * A deadline that aborts the request; `touch` pushes it back (a streamed chunk arrived). `expiry`
 * settles when it passes, so a body that ignores the abort signal cannot hold the turn.
 */
function deadline(ms: number) {
  const controller = new AbortController();
  let expired = false;
  let signalExpiry: () => void = () => {};
  const expiry = new Promise<typeof EXPIRED>((resolve) => {
    signalExpiry = () => resolve(EXPIRED);
  });
  let timer = setTimeout(expire, ms);
  function expire() {
    expired = true;
    controller.abort();
    signalExpiry();
  }
  return {
    signal: controller.signal,
    expiry,
    get expired() {
      return expired;
    },
    touch() {
      clearTimeout(timer);
      timer = setTimeout(expire, ms);
    },
    abort: () => controller.abort(),
    clear: () => clearTimeout(timer),
  };
}

function estimateText(text: string): number {
  return Math.ceil(text.length / 4);
}

export function createModelClient(options: ModelClientOptions): ModelClient {
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: 0, timeout: options.timeoutMs });
  const model = options.model;

  return {
    model,
    async extract(messages) {
      const started = performance.now();
      const timer = deadline(options.timeoutMs);
      try {
        const request = client.chat.completions.create(
          {
            model,
            messages,
            temperature: 0,
            max_tokens: EXTRACT_MAX_TOKENS,
            response_format: {
              type: "json_schema",
              json_schema: { name: "qualification_answer", strict: true, schema: EXTRACTION_JSON_SCHEMA as unknown as Record<string, unknown> },
            },
          },
          { signal: timer.signal },
        );
        const completion = await Promise.race([request, timer.expiry]);
        if (completion === EXPIRED) throw new Error("deadline passed");
        const json = completion.choices[0]?.message?.content ?? "";
        return {
          ok: true,
          json,
          usage: {
            promptTokens: completion.usage?.prompt_tokens ?? estimateTokens(messages),
            completionTokens: completion.usage?.completion_tokens ?? estimateText(json),
            latencyMs: performance.now() - started,
          },
        };
      } catch (error) {
        const usage = { promptTokens: estimateTokens(messages), completionTokens: 0, latencyMs: performance.now() - started };
        return { ok: false, outcome: timer.expired || error instanceof OpenAI.APIConnectionTimeoutError ? "timeout" : "error", usage, error };
      } finally {
        timer.clear();
      }
    },

    async streamReply(messages, onText) {
      const started = performance.now();
      const timer = deadline(options.timeoutMs);
      let text = "";
      let guarded = false;
      let reported: { prompt_tokens: number; completion_tokens: number } | null = null;
      try {
        const stream = await client.chat.completions.create(
          { model, messages, temperature: 0.4, max_tokens: REPLY_MAX_TOKENS, stream: true, stream_options: { include_usage: true } },
          { signal: timer.signal },
        );
        const chunks = stream[Symbol.asyncIterator]();
        for (;;) {
          const next = await Promise.race([chunks.next(), timer.expiry]);
          if (next === EXPIRED) throw new Error("deadline passed");
          if (next.done) break;
          const chunk = next.value;
          timer.touch();
          if (chunk.usage) reported = chunk.usage;
          const delta = chunk.choices[0]?.delta?.content;
          if (!delta) continue;
          text += delta;
          if (!onText(delta)) {
            guarded = true;
            // Stop reading; the abort ends the request (not awaited: a mocked body may not notice).
            timer.abort();
            void chunks.return?.().catch(() => {});
            break;
          }
        }
        const usage = {
          promptTokens: reported?.prompt_tokens ?? estimateTokens(messages),
          completionTokens: reported?.completion_tokens ?? estimateText(text),
          latencyMs: performance.now() - started,
        };
        return guarded ? { ok: false, outcome: "guarded", usage } : { ok: true, text, usage };
      } catch (error) {
        const usage = { promptTokens: estimateTokens(messages), completionTokens: estimateText(text), latencyMs: performance.now() - started };
        if (guarded) return { ok: false, outcome: "guarded", usage };
        return { ok: false, outcome: timer.expired || error instanceof OpenAI.APIConnectionTimeoutError ? "timeout" : "error", usage, error };
      } finally {
        timer.clear();
      }
    },
  };
}
