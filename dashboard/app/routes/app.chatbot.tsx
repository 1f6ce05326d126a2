// The AI Chatbot page (spec §2.14): status with Activate/Deactivate, Test Chatbot, and the Overview,
// Settings, Installation and Analytics tabs. Everyone in the workspace may look; only the owner may change
// the chatbot (requireOwner in the action: support staff get 403 whatever the page shows).
import { memberLabel } from "#shared/auth/person-name.ts";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  getChatbotSettings,
  setChatbotActive,
  updateAllowedOrigins,
  updateChatbotSettings,
  widgetSnippet,
} from "#server/chatbots/chatbots.server.ts";
import { SETTINGS_SAVE_FAILED, SETTINGS_SAVED, settingsFormToInput, settingsSaveFailed } from "#shared/chatbots/settings.ts";
import { failure, success, type ActionResult } from "#shared/forms/action-result.ts";
import { getChatbotDailySeries, getChatbotStats } from "#server/chatbots/stats.server.ts";
import { getMonthlyAiUsage, summarizeAssistant } from "#server/ai/usage-view.server.ts";
import { InstallationPanel, type InstallationView } from "~/components/chatbot/InstallationPanel";
import { formatLongDate } from "#shared/billing/billing-display.ts";
import { loadOnboardingFacts } from "#server/onboarding/checklist.server.ts";
import { emailInstallInstructions, recordSnippetShared } from "#server/onboarding/installation.server.ts";
import { CustomizeModal } from "~/components/chatbot/CustomizeModal";
import { AnalyticsPanel, AssistantPanel, OverviewPanel } from "~/components/chatbot/Panels";
import { SettingsFields } from "~/components/chatbot/SettingsFields";
import { useSettingsSave } from "~/components/chatbot/use-settings-save";
import type { SettingsActionResult } from "~/components/settings/ui";
import { cardClass, focusRing } from "~/components/chatbot/ui";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireOwner, requireWorkspace } from "~/lib/session.server";
import { openTestWindow } from "~/components/chatbot/test-window";
import { unsubscribeSigner } from "#server/mail/unsubscribe.server.ts";
import { Button, buttonClasses } from "~/components/ui/Button";
import { getQualificationQuestions, updateQualificationQuestions } from "#server/chatbots/questions.server.ts";
import { QuestionsEditor } from "~/components/chatbot/QuestionsEditor";
import { QUESTIONS_SAVED, questionList, questionsSaveFailed, readQuestionsField } from "#shared/conversation/questions.ts";

export const meta = workspaceMeta("AI Chatbot");

const TABS = [
  { key: "overview", label: "Overview" },
  { key: "settings", label: "Settings" },
  { key: "installation", label: "Installation" },
  { key: "analytics", label: "Analytics" },
] as const;
type Tab = (typeof TABS)[number]["key"];

function tabOf(url: URL): Tab {
  const value = url.searchParams.get("tab");
  return TABS.some((t) => t.key === value) ? (value as Tab) : "overview";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  const { db, env } = context.services;
  const businessId = workspace.business.id;
  const tab = tabOf(new URL(request.url));
  const settings = await getChatbotSettings(db, businessId);
  if (!settings) throw new Response("This business has no chatbot.", { status: 404 });
  const [stats, series, aiUsage, facts, ownQuestions] = await Promise.all([
    tab === "overview" ? getChatbotStats(db, businessId, settings.timeZone) : null,
    tab === "analytics" ? getChatbotDailySeries(db, businessId, settings.timeZone) : null,
    tab === "settings" ? getMonthlyAiUsage(db, businessId) : null,
    tab === "installation" ? loadOnboardingFacts(db, businessId) : null,
    getQualificationQuestions(db, businessId),
  ]);
  const installation: InstallationView | null = facts
    ? {
        allowedOrigins: settings.allowedOrigins,
        snippetShared: facts.snippetSharedAt !== null,
        installedAt: facts.installedAt?.toISOString() ?? null,
        installedOrigin: facts.installedOrigin,
        isActive: settings.isActive,
      }
    : null;
  const { id: _id, siteKey, ...rest } = settings;
  // The customisation modal lists the questions as the chatbot asks them (read-only, spec §2.14).
  const values = { ...rest, questionList: questionList(ownQuestions) };
  return {
    tab,
    canEdit: workspace.role === "owner",
    settings: values,
    snippet: widgetSnippet(env.PUBLIC_APP_URL, siteKey),
    stats,
    series,
    assistant: summarizeAssistant(context.services.assistant.name),
    aiUsage,
    installation,
    questions: tab === "settings" ? ownQuestions : null,
  };
}

/** Every chatbot action answers the one result shape, tagged with the form's intent (decision 0032). */
function answer(intent: string, result: ActionResult<unknown>, status = 200) {
  const body: SettingsActionResult<unknown> = { intent, ...result };
  return data(body, { status });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const workspace = await requireOwner(request, context);
  const { db, logger } = context.services;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "toggle") {
    const active = form.get("active");
    if (active !== "true" && active !== "false") {
      return answer(intent, failure("Choose whether to activate or deactivate the chatbot."), 400);
    }
    const isActive = await setChatbotActive(db, workspace.business.id, active === "true");
    if (isActive === null) throw new Response("Not found", { status: 404 });
    context.services.chatbotCache.forgetBusiness(workspace.business.id);
    return answer(intent, success(undefined, isActive ? "Your chatbot is active." : "Your chatbot is inactive."));
  }
  if (intent === "origins") {
    const result = await updateAllowedOrigins(db, workspace.business.id, form.get("allowedOrigins"));
    if ("notFound" in result) throw new Response("Not found", { status: 404 });
    if (!result.ok) return answer(intent, failure(result.error, { allowedOrigins: result.error }), 400);
    context.services.chatbotCache.forgetBusiness(workspace.business.id);
    const message = result.allowedOrigins.length ? "Allowed origins saved." : "Allowed origins cleared: any website can show your chatbot.";
    return answer(intent, success(undefined, message));
  }
  if (intent === "snippet-copied") {
    await recordSnippetShared(db, workspace.business.id);
    return answer(intent, success(undefined, "Snippet copied."));
  }
  if (intent === "email-instructions") {
    const result = await emailInstallInstructions(
      { db, jobs: context.services.jobs, appUrl: context.services.env.PUBLIC_APP_URL, unsubscribe: unsubscribeSigner(context.services) },
      { businessId: workspace.business.id, senderName: memberLabel(workspace), input: Object.fromEntries(form) },
    );
    if (!result.ok) {
      if (result.status === 404) throw new Response("Not found", { status: 404 });
      return answer(intent, failure(result.error, result.fields), 400);
    }
    return answer(intent, success(undefined, `Instructions sent to ${result.to}.`));
  }
  if (intent === "questions") {
    const input = readQuestionsField(form.get("questions"));
    if (!input.ok) return answer(intent, failure(input.error), 400);
    try {
      const result = await updateQualificationQuestions(db, workspace.business.id, input.value, new Date());
      if ("notFound" in result) throw new Response("Not found", { status: 404 });
      if (!result.ok) return answer(intent, failure(questionsSaveFailed(result.errors), result.errors), 400);
      context.services.chatbotCache.forgetBusiness(workspace.business.id);
      return answer(intent, success(result.questions, QUESTIONS_SAVED));
    } catch (error) {
      if (error instanceof Response) throw error;
      logger.error("[chatbot] saving the questions failed", error);
      return answer(intent, failure("The questions could not be saved. Please try again."), 500);
    }
  }
  if (intent === "save") {
    try {
      const result = await updateChatbotSettings(db, workspace.business.id, settingsFormToInput(form));
      if (result.ok) {
        context.services.chatbotCache.forgetBusiness(workspace.business.id);
        return answer(intent, success(undefined, SETTINGS_SAVED));
      }
      if ("notFound" in result) throw new Response("Not found", { status: 404 });
      return answer(intent, failure(settingsSaveFailed(result.errors), result.errors), 400);
    } catch (error) {
      if (error instanceof Response) throw error;
      logger.error("[chatbot] saving settings failed", error);
      return answer(intent, failure(SETTINGS_SAVE_FAILED), 500);
    }
  }
  return answer(typeof intent === "string" ? intent : "", failure("Unknown action."), 400);
}

/** A status message that clears itself after a few seconds. */
function useFlash(): [string | null, (message: string) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const flash = useCallback((text: string) => {
    setMessage(text);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(null), 4000);
  }, []);
  return [message, flash];
}

export default function ChatbotPage() {
  const { tab, canEdit, settings, snippet, stats, series, assistant, aiUsage, installation, questions } = useLoaderData<typeof loader>();
  const toggle = useFetcher<typeof action>({ key: "chatbot-toggle" });
  const questionsFetcher = useFetcher<SettingsActionResult<unknown>>({ key: "chatbot-questions" });
  const save = useFetcher<typeof action>({ key: "chatbot-settings" });
  const { result: saveResult, errors: saveErrors, formError: saveError, formProps: saveFormProps } = useSettingsSave({ id: "chatbot-settings", fetcher: save });
  const [customizing, setCustomizing] = useState(false);
  const [flash, setFlash] = useFlash();

  // Optimistic status while the toggle is in flight.
  const pendingActive = toggle.formData?.get("active");
  const isActive = pendingActive ? pendingActive === "true" : settings.isActive;
  const toggleError = toggle.state === "idle" && toggle.data && !toggle.data.ok ? toggle.data.error : null;

  const closeModal = useCallback(() => setCustomizing(false), []);
  const onModalSaved = useCallback(
    (message: string) => {
      setCustomizing(false);
      setFlash(message);
    },
    [setFlash],
  );

  useEffect(() => {
    if (saveResult?.ok && saveResult.message) setFlash(saveResult.message);
  }, [saveResult, setFlash]);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">AI Chatbot</h1>
          <p className="mt-1 text-slate-600">The assistant that answers your website visitors 24/7 and qualifies them for you.</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <span
            data-testid="chatbot-status"
            className={`rounded-full px-3 py-1 text-sm font-semibold ${isActive ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-800"}`}
          >
            {isActive ? "Active" : "Inactive"}
          </span>
          {canEdit ? (
            <toggle.Form method="post">
              <input type="hidden" name="intent" value="toggle" />
              <input type="hidden" name="active" value={isActive ? "false" : "true"} />
              <Button type="submit" disabled={toggle.state !== "idle"} variant="secondary">
                {isActive ? "Deactivate" : "Activate"}
              </Button>
            </toggle.Form>
          ) : null}
          {canEdit ? (
            <Button type="button" onClick={() => setCustomizing(true)} variant="secondary">
              Customize
            </Button>
          ) : null}
          <a href="/test-chatbot" target="_blank" rel="noopener" onClick={openTestWindow} className={buttonClasses()}>
            Test Chatbot
          </a>
        </div>
      </header>

      {!canEdit ? (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
          Only the business owner can change the chatbot. You can review its{" "}
          <Link to="/app/conversations" className="font-semibold text-brand-700 underline">
            conversations
          </Link>
          .
        </p>
      ) : null}
      {toggleError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {toggleError}
        </div>
      ) : null}
      <div role="status" aria-live="polite">
        {flash ? (
          <p className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">{flash}</p>
        ) : null}
      </div>

      <nav aria-label="Chatbot sections" className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200">
        <ul className="-mb-px flex flex-wrap gap-1">
          {TABS.map((t) => (
            <li key={t.key}>
              <Link
                to={`?tab=${t.key}`}
                preventScrollReset
                aria-current={t.key === tab ? "page" : undefined}
                className={`inline-block border-b-2 px-4 py-2 text-sm font-semibold ${focusRing} ${
                  t.key === tab ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"
                }`}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
        <Link to="/app/conversations" className={`pb-2 text-sm font-semibold text-brand-700 underline ${focusRing}`}>
          View conversations
        </Link>
      </nav>

      {tab === "overview" && stats ? <OverviewPanel stats={stats} /> : null}

      {tab === "settings" && aiUsage ? <AssistantPanel assistant={assistant} usage={aiUsage} /> : null}

      {tab === "settings" ? (
        <section aria-labelledby="settings-heading" className={cardClass}>
          <h2 id="settings-heading" className="text-lg font-semibold text-slate-900">
            Settings
          </h2>
          <save.Form method="post" className="mt-4 space-y-5" {...saveFormProps}>
            <input type="hidden" name="intent" value="save" />
            <fieldset disabled={!canEdit} className="space-y-5">
              <SettingsFields values={settings} errors={saveErrors ?? {}} variant="full" />
            </fieldset>
            {saveError ? (
              <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                {saveError}
              </div>
            ) : null}
            {canEdit ? (
              <div className="flex justify-end">
                <Button type="submit" disabled={save.state !== "idle"}>
                  {save.state !== "idle" ? "Saving..." : "Save settings"}
                </Button>
              </div>
            ) : null}
          </save.Form>
        </section>
      ) : null}

      {tab === "settings" && questions ? <QuestionsEditor initial={questions} canEdit={canEdit} fetcher={questionsFetcher} /> : null}

      {tab === "installation" && installation ? (
        <InstallationPanel
          view={installation}
          snippet={snippet}
          canEdit={canEdit}
          formatDate={(iso) => formatLongDate(iso, settings.timeZone)}
        />
      ) : null}

      {tab === "analytics" && series ? <AnalyticsPanel series={series} /> : null}

      {customizing ? (
        <CustomizeModal
          key="customize"
          values={settings}
          snippet={snippet}
          onClose={closeModal}
          onSaved={onModalSaved}
        />
      ) : null}
    </div>
  );
}

