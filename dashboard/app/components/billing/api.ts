// The browser side of the billing API: JSON POSTs answering {success, error, …}. A billing change is an
// operation performed by a job (decision 0038): the POST answers its id at once, and this waits for
// its result — woken by the workspace socket's `billing:updated` push, and polling
// GET /api/billing-operations/:id every POLL_MS in case the push is missed — so callers keep one answer
// shape and their loading state lasts until the result is known.
import { BILLING_ERRORS } from "../../../../server/billing/billing-display.ts";
import { listenWorkspace } from "../live/use-workspace-events";

export type ApiAnswer = { success?: boolean; error?: string | null; [key: string]: unknown };

const POLL_MS = 700;
/** The job retries for about 15 s (2 + 4 + 8 s) before it fails the operation; wait somewhat longer. */
const GIVE_UP_MS = 45_000;

async function readAnswer(res: Response): Promise<ApiAnswer> {
  const type = res.headers.get("Content-Type") ?? "";
  if (!type.includes("application/json")) return { success: false, error: null };
  return (await res.json()) as ApiAnswer;
}

function requestKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Waits until the operation is no longer pending; its answer (success, error, and the result's fields). */
export async function awaitOperation(operationId: string): Promise<ApiAnswer> {
  let wake: () => void = () => {};
  const stop = listenWorkspace({
    "billing:updated": (update) => {
      if ("operationId" in update && update.operationId === operationId) wake();
    },
  });
  const deadline = Date.now() + GIVE_UP_MS;
  try {
    for (;;) {
      const res = await fetch(`/api/billing-operations/${encodeURIComponent(operationId)}`, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      const answer = await readAnswer(res);
      if (!res.ok) return { success: false, error: typeof answer.error === "string" ? answer.error : BILLING_ERRORS.unexpected };
      if (answer.operationStatus !== "pending") return answer;
      if (Date.now() > deadline) return { success: false, error: BILLING_ERRORS.unexpected };
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  } finally {
    stop();
  }
}

export async function postBilling(path: string, body: Record<string, unknown> = {}): Promise<ApiAnswer> {
  const res = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ ...body, requestKey: requestKey() }),
    credentials: "same-origin",
  });
  const answer = await readAnswer(res);
  if (answer.success && typeof answer.operationId === "string") return awaitOperation(answer.operationId);
  return answer;
}
