// AI Chatbot → Settings → Questions (issue 29 item 5, decision 0062): the owner rewords each question
// and the scored factors' quick replies (one per scoring band), orders the contact questions, turns
// the company or phone question off, and adds up to three custom questions. The preview beside it
// shows the chat as a visitor will see it, as the owner types. The whole editor is one controlled
// state, so nothing typed is lost when the server refuses a save; the form posts it as JSON.
import type { useFetcher } from "@remix-run/react";
import { useEffect, useId, useMemo, useState } from "react";
import {
  BAND_LABELS,
  MAX_CHOICE_LENGTH,
  MAX_CUSTOM_CHOICES,
  MAX_CUSTOM_QUESTIONS,
  MAX_QUESTION_LENGTH,
  QUESTION_LABELS,
  SCORED_FACTORS,
  defaultQuestions,
  stepsFor,
  type ContactQuestion,
  type CoreQuestion,
  type QualificationQuestions,
} from "#shared/conversation/questions.ts";
import { NOT_SURE_CHOICE, SKIP_CHOICE, questionText } from "#shared/conversation/prompts.ts";
import type { SettingsActionResult } from "~/components/settings/ui";
import { Button } from "~/components/ui/Button";
import { cardClass, inputClass, labelClass, selectClass } from "./ui";

type CustomDraft = { id: string; text: string; kind: "text" | "choice"; choicesText: string };
type Draft = Omit<QualificationQuestions, "custom"> & { custom: CustomDraft[] };

function toDraft(q: QualificationQuestions): Draft {
  return { ...q, custom: q.custom.map((c) => ({ id: c.id, text: c.text, kind: c.kind, choicesText: c.choices.join("\n") })) };
}

/** The draft as the action receives it (choices one per line; blank lines dropped). */
function toInput(d: Draft) {
  return {
    ...d,
    custom: d.custom.map((c) => ({
      id: c.id,
      text: c.text,
      kind: c.kind,
      choices: c.kind === "choice" ? c.choicesText.split("\n").map((line) => line.trim()).filter(Boolean) : [],
    })),
  };
}

/** The company and phone questions' choices: asked (the visitor may skip) or not. */
const ASK_MODES = {
  company: { label: "Company question", optional: "Ask (visitors may skip)", off: "Don't ask" },
  phone: { label: "Phone number", optional: "Ask for email or phone", off: "Ask for email only" },
} as const;

function newId(existing: CustomDraft[]): string {
  for (let n = 1; ; n++) if (!existing.some((c) => c.id === `q${n}`)) return `q${n}`;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/** The first message whose key is `key` or starts with `key.`. */
function errorAt(errors: Record<string, string>, key: string): string | undefined {
  return errors[key] ?? Object.entries(errors).find(([k]) => k.startsWith(`${key}.`))?.[1];
}

export function QuestionsEditor({
  initial,
  canEdit,
  fetcher,
}: {
  initial: QualificationQuestions;
  canEdit: boolean;
  fetcher: ReturnType<typeof useFetcher<SettingsActionResult<unknown>>>;
}) {
  const prefix = useId().replace(/:/g, "");
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial));
  const result = fetcher.state === "idle" && fetcher.data?.intent === "questions" ? fetcher.data : null;
  const errors: Record<string, string> = result && !result.ok ? (result.fieldErrors as Record<string, string> | undefined) ?? {} : {};
  const saving = fetcher.state !== "idle";
  // After a save the server's answer is the truth: its ids for new custom questions.
  useEffect(() => {
    if (result?.ok && result.data) setDraft(toDraft(result.data as QualificationQuestions));
  }, [result]);

  const setQuestion = (step: CoreQuestion, text: string) => setDraft((d) => ({ ...d, questions: { ...d.questions, [step]: text } }));
  const setReply = (factor: (typeof SCORED_FACTORS)[number], i: number, text: string) =>
    setDraft((d) => ({ ...d, quickReplies: { ...d.quickReplies, [factor]: d.quickReplies[factor].map((v, j) => (j === i ? text : v)) } }));
  const move = (i: number, by: -1 | 1) =>
    setDraft((d) => {
      const order = [...d.contactOrder];
      const j = i + by;
      if (j < 0 || j >= order.length) return d;
      [order[i], order[j]] = [order[j] as ContactQuestion, order[i] as ContactQuestion];
      return { ...d, contactOrder: order };
    });
  const setCustom = (i: number, patch: Partial<CustomDraft>) => setDraft((d) => ({ ...d, custom: d.custom.map((c, j) => (j === i ? { ...c, ...patch } : c)) }));

  const field = (key: string) => {
    const id = `${prefix}-${key.replace(/\./g, "-")}`;
    const message = errorAt(errors, key);
    return { id, errorId: `${id}-error`, message, aria: { id, "aria-invalid": message ? true : undefined, "aria-describedby": message ? `${id}-error` : undefined } };
  };

  const questionInput = (step: CoreQuestion) => {
    const f = field(`questions.${step}`);
    return (
      <div key={step}>
        <label htmlFor={f.id} className={labelClass}>
          {QUESTION_LABELS[step]} question
        </label>
        <input
          {...f.aria}
          type="text"
          required
          maxLength={MAX_QUESTION_LENGTH}
          value={draft.questions[step]}
          onChange={(e) => setQuestion(step, e.target.value)}
          className={inputClass}
        />
        <FieldError id={f.errorId} message={f.message} />
      </div>
    );
  };

  const input = useMemo(() => toInput(draft), [draft]);

  return (
    <section aria-labelledby={`${prefix}-heading`} className={cardClass} id="questions">
      <h2 id={`${prefix}-heading`} className="text-lg font-semibold text-slate-900">
        Qualification questions
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Reword what the chatbot asks. Building size, frequency, budget and timeline are always asked and scored (30/25/25/20%): you can reword them and
        their quick replies, but each quick reply stays tied to its scoring band. Keep it short: 3–5 questions before the contact details work best.
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
        <fetcher.Form method="post" className="min-w-0 space-y-6" noValidate>
          <input type="hidden" name="intent" value="questions" />
          <input type="hidden" name="questions" value={JSON.stringify(input)} />
          <fieldset disabled={!canEdit} className="space-y-6">
            <fieldset className="space-y-4">
              <legend className="text-sm font-semibold text-slate-900">Scored questions</legend>
              {questionInput("service_type")}
              {SCORED_FACTORS.map((factor) => (
                <div key={factor} className="space-y-3 rounded-lg border border-slate-200 p-3">
                  {questionInput(factor)}
                  <fieldset>
                    <legend className="text-sm font-medium text-slate-800">Quick replies (one per scoring band)</legend>
                    <div className="mt-2 grid gap-3 sm:grid-cols-2">
                      {draft.quickReplies[factor].map((label, i) => {
                        const f = field(`quickReplies.${factor}.${i}`);
                        return (
                          <div key={i}>
                            <label htmlFor={f.id} className="block text-sm text-slate-700">
                              Band: {BAND_LABELS[factor][i]}
                            </label>
                            <input
                              {...f.aria}
                              type="text"
                              required
                              maxLength={MAX_CHOICE_LENGTH}
                              value={label}
                              onChange={(e) => setReply(factor, i, e.target.value)}
                              className={inputClass}
                            />
                            <FieldError id={f.errorId} message={f.message} />
                          </div>
                        );
                      })}
                    </div>
                  </fieldset>
                </div>
              ))}
            </fieldset>

            <fieldset className="space-y-4">
              <legend className="text-sm font-semibold text-slate-900">Your own questions</legend>
              <p className="text-sm text-slate-600">
                Asked after the timeline. Up to {MAX_CUSTOM_QUESTIONS}; answers are stored on the lead. Visitors may skip them.
              </p>
              {draft.custom.map((c, i) => {
                const text = field(`custom.${i}.text`);
                const choices = field(`custom.${i}.choices`);
                return (
                  <div key={c.id} className="space-y-3 rounded-lg border border-slate-200 p-3">
                    <div>
                      <label htmlFor={text.id} className={labelClass}>
                        Custom question {i + 1}
                      </label>
                      <input
                        {...text.aria}
                        type="text"
                        required
                        maxLength={MAX_QUESTION_LENGTH}
                        value={c.text}
                        placeholder="Do you need supplies included?"
                        onChange={(e) => setCustom(i, { text: e.target.value })}
                        className={inputClass}
                      />
                      <FieldError id={text.errorId} message={text.message} />
                    </div>
                    <div>
                      <label htmlFor={`${text.id}-kind`} className={labelClass}>
                        Answer
                      </label>
                      <select
                        id={`${text.id}-kind`}
                        value={c.kind}
                        onChange={(e) => setCustom(i, { kind: e.target.value === "choice" ? "choice" : "text" })}
                        className={selectClass}
                      >
                        <option value="text">Free text</option>
                        <option value="choice">Choices</option>
                      </select>
                    </div>
                    {c.kind === "choice" ? (
                      <div>
                        <label htmlFor={choices.id} className={labelClass}>
                          Choices (one per line, 2–{MAX_CUSTOM_CHOICES})
                        </label>
                        <textarea
                          {...choices.aria}
                          rows={3}
                          value={c.choicesText}
                          placeholder={"Yes\nNo"}
                          onChange={(e) => setCustom(i, { choicesText: e.target.value })}
                          className={inputClass}
                        />
                        <FieldError id={choices.errorId} message={choices.message} />
                      </div>
                    ) : null}
                    <Button type="button" variant="secondary" onClick={() => setDraft((d) => ({ ...d, custom: d.custom.filter((_, j) => j !== i) }))}>
                      Remove custom question {i + 1}
                    </Button>
                  </div>
                );
              })}
              <FieldError id={`${prefix}-custom-error`} message={errors.custom} />
              {draft.custom.length < MAX_CUSTOM_QUESTIONS ? (
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => setDraft((d) => ({ ...d, custom: [...d.custom, { id: newId(d.custom), text: "", kind: "text", choicesText: "" }] }))}
                >
                  Add a custom question
                </Button>
              ) : (
                <p className="text-sm text-slate-600">You have {MAX_CUSTOM_QUESTIONS} custom questions, the most a chatbot can ask.</p>
              )}
            </fieldset>

            <fieldset className="space-y-4">
              <legend className="text-sm font-semibold text-slate-900">Contact questions</legend>
              <ol className="space-y-3">
                {draft.contactOrder.map((step, i) => (
                  <li key={step} className="space-y-2 rounded-lg border border-slate-200 p-3">
                    {questionInput(step)}
                    <div className="flex flex-wrap gap-2">
                      <Button type="button" variant="secondary" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move up the ${QUESTION_LABELS[step].toLowerCase()} question`}>
                        Move up
                      </Button>
                      <Button
                        type="button"
                        variant="secondary"
                        disabled={i === draft.contactOrder.length - 1}
                        onClick={() => move(i, 1)}
                        aria-label={`Move down the ${QUESTION_LABELS[step].toLowerCase()} question`}
                      >
                        Move down
                      </Button>
                    </div>
                  </li>
                ))}
              </ol>
              <div className="grid gap-4 sm:grid-cols-2">
                {(["company", "phone"] as const).map((key) => (
                  <div key={key}>
                    <label htmlFor={`${prefix}-${key}`} className={labelClass}>
                      {ASK_MODES[key].label}
                    </label>
                    <select
                      id={`${prefix}-${key}`}
                      value={draft[key]}
                      onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value === "off" ? "off" : "optional" }))}
                      className={selectClass}
                    >
                      <option value="optional">{ASK_MODES[key].optional}</option>
                      <option value="off">{ASK_MODES[key].off}</option>
                    </select>
                  </div>
                ))}
              </div>
            </fieldset>
          </fieldset>
          {result && !result.ok ? (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {result.error}
            </div>
          ) : null}
          <div role="status" aria-live="polite">
            {result?.ok && result.message ? <p className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">{result.message}</p> : null}
          </div>
          {canEdit ? (
            <div className="flex flex-wrap justify-end gap-3">
              <Button type="button" variant="secondary" onClick={() => setDraft(toDraft(defaultQuestions()))}>
                Restore the defaults
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? "Saving..." : "Save questions"}
              </Button>
            </div>
          ) : null}
        </fetcher.Form>
        <QuestionsPreview draft={draft} />
      </div>
    </section>
  );
}

/** The questions in the order a visitor meets them, with their buttons, as the owner types. */
function QuestionsPreview({ draft }: { draft: Draft }) {
  const input = toInput(draft);
  const steps = stepsFor(input as QualificationQuestions).filter((s) => s !== "done");
  const bubbles = steps.map((step) => {
    const custom = /^custom_(\d)$/.exec(step);
    if (custom) {
      const c = input.custom[Number(custom[1]) - 1];
      // Shown as typed: the preview follows the owner's keystrokes.
      return { step, text: c?.text ?? "", replies: [...(c?.choices ?? []), SKIP_CHOICE] };
    }
    const core = step as CoreQuestion;
    const text = draft.questions[core].trim() ? questionText(core, {}, input as QualificationQuestions) : "";
    const factor = (SCORED_FACTORS as readonly string[]).includes(core) ? (core as (typeof SCORED_FACTORS)[number]) : null;
    const replies = factor ? [...draft.quickReplies[factor], ...(factor === "budget" ? [NOT_SURE_CHOICE] : []), SKIP_CHOICE] : core === "contact_company" ? [SKIP_CHOICE] : [];
    return { step, text, replies };
  });
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <h3 id="questions-preview-heading" className="text-sm font-semibold text-slate-900">
        Preview
      </h3>
      <p className="text-sm text-slate-600">What visitors see, in order. Save, then use Test Chatbot to try it.</p>
      <ol className="mt-3 space-y-3" data-testid="questions-preview">
        {bubbles.map((b) => (
          <li key={b.step}>
            <p className="rounded-2xl rounded-tl-sm bg-white px-3 py-2 text-sm text-slate-900 shadow-sm">{b.text || "(no wording yet)"}</p>
            {b.replies.length > 0 ? (
              <ul className="mt-1 flex flex-wrap gap-1" aria-label="Quick replies">
                {b.replies.map((r, i) => (
                  <li key={i} className="rounded-full border border-brand-600 bg-white px-2 py-0.5 text-xs text-brand-700">
                    {r || "(empty)"}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
