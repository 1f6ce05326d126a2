// What every settings section's action answers: `{ intent } & ActionResult` (decision 0032), with a
// domain refusal mapped to its status (another business's ids are a thrown 404).
import { data } from "@remix-run/node";
import { failure, failureStatus, type ActionResult, type DomainFailure } from "#shared/forms/action-result.ts";
import type { SettingsActionResult } from "~/components/settings/ui";

export const answer = <T = undefined>(intent: string, result: ActionResult<T>, status = 200) =>
  data<SettingsActionResult<T>>({ intent, ...result }, { status });

export function notFound(): never {
  throw new Response("Not found", { status: 404 });
}

/** A domain refusal: 404 for another business's ids (as a thrown response), else its status. */
export function refused(intent: string, result: DomainFailure, fieldErrors?: Record<string, string>) {
  if (result.reason === "not_found") notFound();
  return answer(intent, failure(result.error, fieldErrors), failureStatus(result.reason));
}

/** The answer to an intent the section does not know. */
export const unknownIntent = (intent: string) => answer(intent, failure("Unknown action."), 400);
