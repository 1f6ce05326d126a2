// MSW handlers for OpenAI's chat completions, used by the real `openai` library (tests, benchmarks and
// `MOCKS=true` development). Structured-output requests (response_format json_schema) get the
// extraction the test configures; streamed requests get the reply as server-sent events, word by
// word. Per test: a delay, a delay between chunks, an HTTP 500 or a timeout (no answer at all).
// See tests/mocks/README.md.
import { delay, http, HttpResponse } from "msw";
import { DRAFT_TAG, STEP_LABEL, TRANSCRIPT_TAG, VISITOR_TAG } from "#server/ai/prompts.ts";

/** A base URL no real service answers: tests point OPENAI_BASE_URL here. */
export const OPENAI_MOCK_BASE_URL = "https://openai.mock.test/v1";

type Body = {
  model?: string;
  messages?: { role: string; content?: unknown }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type?: string };
};

export type MockRequest = {
  kind: "extract" | "reply";
  /** The question id the extraction is for ("building_size"), "" for replies. */
  step: string;
  visitorText: string;
  /** The engine's reply the model is asked to rephrase ("" for extractions). */
  draft: string;
  transcript: string;
  /** Every message sent, for assertions on what the model was (not) told. */
  prompt: string;
  body: Body;
};

export type MockFailure = { kind: 500 | "timeout"; on?: "extract" | "reply" };

export type OpenAiMockBehaviour = {
  /** Before the response, or before the first streamed chunk (ms). */
  delayMs: number;
  /** Between streamed chunks (ms). */
  chunkDelayMs: number;
  failure: MockFailure | null;
  /** The extraction: an object (sent as JSON) or a string (sent as is, e.g. broken JSON). */
  extract: (request: MockRequest) => Record<string, unknown> | string;
  /** The streamed reply text. */
  reply: (request: MockRequest) => string;
};

/** The schema's "nothing stated" answer; spread a few fields over it. */
export function extraction(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    serviceType: null,
    buildingSizeSqFt: null,
    visitsPerWeek: null,
    budgetAmountUsd: null,
    budgetPeriod: null,
    budgetUnsure: false,
    timelineDays: null,
    name: null,
    company: null,
    email: null,
    phone: null,
    ...fields,
  };
}

export const DEFAULT_BEHAVIOUR: OpenAiMockBehaviour = {
  delayMs: 0,
  chunkDelayMs: 0,
  failure: null,
  extract: () => extraction(),
  reply: (request) => request.draft,
};

function tagged(tag: string, text: string): string {
  const match = new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(text);
  return match?.[1] ?? "";
}

export function readRequest(body: Body): MockRequest {
  const messages = body.messages ?? [];
  const prompt = messages.map((m) => (typeof m.content === "string" ? m.content : "")).join("\n");
  const user = [...messages].reverse().find((m) => m.role === "user");
  const userText = typeof user?.content === "string" ? user.content : "";
  const kind = body.response_format?.type === "json_schema" ? "extract" : "reply";
  const step = new RegExp(`${STEP_LABEL} (\\w+)`).exec(userText)?.[1] ?? "";
  return {
    kind,
    step: kind === "extract" ? step : "",
    visitorText: tagged(VISITOR_TAG, userText),
    draft: tagged(DRAFT_TAG, userText),
    transcript: tagged(TRANSCRIPT_TAG, userText),
    prompt,
    body,
  };
}

const tokens = (text: string) => Math.ceil(text.length / 4);

function completion(model: string, content: string, promptText: string) {
  return {
    id: `chatcmpl-mock-${Date.now()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop", logprobs: null }],
    usage: { prompt_tokens: tokens(promptText), completion_tokens: tokens(content), total_tokens: tokens(promptText) + tokens(content) },
  };
}

function sseStream(model: string, text: string, promptText: string, behaviour: OpenAiMockBehaviour, includeUsage: boolean) {
  const encoder = new TextEncoder();
  const id = `chatcmpl-mock-${Date.now()}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`;
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (data: string) => {
        if (!cancelled) controller.enqueue(encoder.encode(data));
      };
      try {
        if (behaviour.delayMs > 0) await delay(behaviour.delayMs);
        send(chunk({ role: "assistant", content: "" }, null));
        for (const word of words) {
          if (cancelled) return;
          send(chunk({ content: word }, null));
          if (behaviour.chunkDelayMs > 0) await delay(behaviour.chunkDelayMs);
        }
        send(chunk({}, "stop"));
        if (includeUsage) {
          const usage = { prompt_tokens: tokens(promptText), completion_tokens: tokens(text), total_tokens: tokens(promptText) + tokens(text) };
          send(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [], usage })}\n\n`);
        }
        send("data: [DONE]\n\n");
        if (!cancelled) controller.close();
      } catch {
        // The client went away (timeout or guard): nothing more to send.
      }
    },
    cancel() {
      cancelled = true;
    },
  });
}

export type OpenAiMock = ReturnType<typeof createOpenAiMock>;

/** Handlers plus controls: `set` changes the behaviour (per test), `requests` lists what was asked. */
export function createOpenAiMock(initial: Partial<OpenAiMockBehaviour> = {}) {
  let behaviour: OpenAiMockBehaviour = { ...DEFAULT_BEHAVIOUR, ...initial };
  const requests: MockRequest[] = [];

  const handlers = [
    http.post("*/chat/completions", async ({ request }) => {
      const body = (await request.json()) as Body;
      const parsed = readRequest(body);
      requests.push(parsed);
      const model = body.model ?? "mock-model";
      const failure = behaviour.failure;
      if (failure && (!failure.on || failure.on === parsed.kind)) {
        if (failure.kind === "timeout") {
          await delay("infinite");
        }
        return HttpResponse.json({ error: { message: "The mock model failed.", type: "server_error", code: null } }, { status: 500 });
      }
      if (parsed.kind === "extract") {
        if (behaviour.delayMs > 0) await delay(behaviour.delayMs);
        const value = behaviour.extract(parsed);
        const content = typeof value === "string" ? value : JSON.stringify(value);
        return HttpResponse.json(completion(model, content, parsed.prompt));
      }
      const text = behaviour.reply(parsed);
      if (!body.stream) return HttpResponse.json(completion(model, text, parsed.prompt));
      return new HttpResponse(sseStream(model, text, parsed.prompt, behaviour, Boolean(body.stream_options?.include_usage)), {
        headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
      });
    }),
  ];

  return {
    handlers,
    requests,
    set(partial: Partial<OpenAiMockBehaviour>) {
      behaviour = { ...behaviour, ...partial };
    },
    reset() {
      behaviour = { ...DEFAULT_BEHAVIOUR, ...initial };
      requests.length = 0;
    },
  };
}
