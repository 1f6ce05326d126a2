// Cold Outreach (spec §2.14, DESIGN §12), a PRO feature gated on the server: below Pro every loader
// and action answers 403 and the page shows the feature locked with Unlock (the upgrade modal).
// Prospects come from the business's own CSV files; Find Prospects filters them (no scraping); the
// outreach modal starts a campaign (e-mails through the job layer, LinkedIn as a daily list by hand).
import { plural } from "#shared/format/plural.ts";
import {
  data,
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { Form, Link, useFetcher, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireWorkspace } from "~/lib/session.server";
import { hasFeature } from "#shared/billing/entitlements.ts";
import { failure, validateWith } from "#shared/forms/action-result.ts";
import { useForm } from "@conform-to/react";
import { useFetcherResult } from "~/lib/forms";
import { billingConfigured } from "#server/billing/stripe-client.server.ts";
import { LockedFeature } from "~/components/billing/LockedFeature";
import { cardClass, cardTitleClass, linkClass, smallInputClass } from "~/components/leads/classes";
import { Button, buttonClasses } from "~/components/ui/Button";
import { Dialog } from "~/components/ui/Dialog";
import { CSV_MAX_BYTES, CSV_MESSAGES } from "#server/outreach/csv-limits.ts";
import { FILTER_FIELDS, parseProspectFilter } from "#server/outreach/prospect-filter.ts";
import {
  DAILY_CONNECTION_OPTIONS,
  DAILY_EMAIL_OPTIONS,
  DEFAULT_DAILY_CONNECTIONS,
  DEFAULT_DAILY_EMAILS,
  DEFAULT_EMAIL_BODY,
  DEFAULT_EMAIL_SUBJECT,
  DEFAULT_FOLLOW_UP_DAYS,
  DEFAULT_LINKEDIN_MESSAGE,
  DEFAULT_SEND_TIME,
  campaignFormSchema,
  fillPlaceholders,
  FOLLOW_UP_DAY_OPTIONS,
  PROSPECT_STATUS_LABELS,
  SEND_TIME_OPTIONS,
  sendTimeLabel,
} from "#server/outreach/outreach-options.ts";
import { outreachPageData, requireOutreach, runOutreachAction, type OutreachActionResult } from "#server/outreach/outreach-page.server.ts";
import { commandContext } from "#server/events/command-context.server.ts";

export const meta = workspaceMeta("Cold Outreach");

export async function loader({ request, context }: LoaderFunctionArgs) {
  // A paid feature: without a subscription (an expired trial) the guard sends the owner to /pricing.
  const workspace = await requireWorkspace(request, context, { requireSubscription: true });
  const { env, stripe, db } = context.services;
  const page = {
    businessName: workspace.business.name,
    timeZone: workspace.business.timeZone,
    isOwner: workspace.role === "owner",
    publishableKey: billingConfigured(env, stripe) ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
  };
  if (!hasFeature(workspace.business, "cold_outreach")) {
    // Locked: 403 and no prospects; the page still renders so the owner can unlock it.
    return data({ ...page, locked: true as const, outreach: null }, { status: 403 });
  }
  const filter = parseProspectFilter(new URL(request.url).searchParams);
  const outreach = await outreachPageData(db, { businessId: workspace.business.id, filter });
  return data({ ...page, locked: false as const, outreach: { ...outreach, filter } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  requireOutreach(workspace.business);
  let form: FormData;
  let file: { name: string; data: Buffer } | null = null;
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    try {
      form = await unstable_parseMultipartFormData(
        request,
        unstable_composeUploadHandlers(unstable_createMemoryUploadHandler({ maxPartSize: CSV_MAX_BYTES })),
      );
    } catch (error) {
      if (error instanceof MaxPartSizeExceededError) {
        return data<OutreachActionResult>({ intent: "import", ...failure(CSV_MESSAGES.tooLarge) }, { status: 413 });
      }
      return data<OutreachActionResult>({ intent: "import", ...failure(CSV_MESSAGES.unreadable) }, { status: 400 });
    }
    const upload = form.get("file");
    if (upload instanceof Blob && upload.size > 0) {
      file = { name: (upload as File).name ?? "", data: Buffer.from(await upload.arrayBuffer()) };
    }
  } else {
    form = await request.formData();
  }
  const result = await runOutreachAction(commandContext(context.services, context.realtime), { businessId: workspace.business.id, userId: workspace.userId, form, file });
  return data(result.body, { status: result.status });
}

/** The two tools of Cold Outreach, as a plan without it shows them. */
const LOCKED_TOOLS = [
  {
    title: "LinkedIn Automation",
    description: "Find prospects by job title, location and industry and work through a daily list of connection requests with your message filled in.",
  },
  {
    title: "Email Campaigns",
    description: "E-mail sequences with up to two follow-ups, sent at the time you choose within a daily limit, stopping when a prospect responds or unsubscribes.",
  },
] as const;

export default function OutreachPage() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Cold Outreach</h1>
          <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-bold tracking-wide text-amber-900">PRO FEATURE</span>
        </div>
        <p className="mt-1 text-slate-600">Reach the buildings you want to clean, not only the ones that find you.</p>
      </header>
      {loaded.locked || !loaded.outreach ? (
        <div className="grid gap-6 md:grid-cols-2">
          {LOCKED_TOOLS.map((tool) => (
            <LockedFeature key={tool.title} feature="cold_outreach" title={tool.title} description={tool.description} publishableKey={loaded.publishableKey} canUpgrade={loaded.isOwner} />
          ))}
        </div>
      ) : (
        <Workspace outreach={loaded.outreach} timeZone={loaded.timeZone} />
      )}
    </div>
  );
}

type Loaded = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { locked: false }>;
type Outreach = NonNullable<Loaded["outreach"]>;
type Prospect = Outreach["prospects"][number];

function Workspace({ outreach, timeZone }: { outreach: Outreach; timeZone: string }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [modalFor, setModalFor] = useState<string[] | null>(null);
  const visibleIds = outreach.prospects.map((p) => p.id);
  useEffect(() => {
    // Selections follow what is shown (a new search or an import).
    setSelected((current) => new Set([...current].filter((id) => visibleIds.includes(id))));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visibleIds.join(",")]);
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const selectedProspects = outreach.prospects.filter((p) => (modalFor ?? []).includes(p.id));
  return (
    <>
      <Prospector outreach={outreach} />
      <section aria-labelledby="prospects-title" className={cardClass}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="prospects-title" className={cardTitleClass}>
            Prospects
          </h2>
          <Button type="button" disabled={selected.size === 0} onClick={() => setModalFor([...selected])}>
            Start campaign{selected.size ? ` (${selected.size} selected)` : ""}
          </Button>
        </div>
        <p className="mt-1 text-sm text-slate-700" role="status" data-testid="prospect-count">
          {outreach.all === 0
            ? "No prospects yet. Import a CSV file with a header row (Name, Title, Company, Location, Industry, Email, Profile URL)."
            : `Showing ${outreach.prospects.length.toLocaleString("en-US")} of ${outreach.total.toLocaleString("en-US")} matching prospects (${outreach.all.toLocaleString("en-US")} in all).`}
        </p>
        {outreach.prospects.length ? (
          <ProspectTable prospects={outreach.prospects} selected={selected} toggle={toggle} setAll={(on) => setSelected(new Set(on ? visibleIds : []))} onMessage={(id) => setModalFor([id])} />
        ) : null}
      </section>
      <LinkedinList items={outreach.linkedin} />
      <Campaigns campaigns={outreach.campaigns} />
      {modalFor ? <OutreachModal prospects={selectedProspects} timeZone={timeZone} onClose={() => setModalFor(null)} onStarted={() => setSelected(new Set())} /> : null}
    </>
  );
}

function Prospector({ outreach }: { outreach: Outreach }) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/app/outreach";
  const importer = useFetcher<OutreachActionResult>();
  const importing = importer.state !== "idle";
  const result = importer.data;
  const exportHref = `/app/outreach/export${params.toString() ? `?${params}` : ""}`;
  return (
    <section aria-labelledby="prospector-title" className={cardClass}>
      <h2 id="prospector-title" className={cardTitleClass}>
        Prospector
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Find Prospects searches the prospects you imported from your own lists. LeadBroom does not scrape or buy contact data.
      </p>
      <Form method="get" className="mt-4 grid gap-4 md:grid-cols-3" aria-label="Find Prospects">
        {FILTER_FIELDS.map((field) => (
          <label key={field.key} className="text-sm font-medium text-slate-800">
            {field.label}
            <input
              name={field.param}
              defaultValue={outreach.filter[field.key].join(", ")}
              placeholder={field.placeholder}
              aria-describedby="comma-hint"
              className={smallInputClass}
            />
          </label>
        ))}
        <p id="comma-hint" className="text-xs text-slate-600 md:col-span-3">
          Comma-separated. A prospect matches any value within a field, and every field you fill in.
        </p>
        <div className="flex flex-wrap gap-2 md:col-span-3">
          <Button type="submit" loading={searching}>
            {searching ? "Finding…" : "Find Prospects"}
          </Button>
          <a href={exportHref} className={buttonClasses({ variant: "secondary" })} download>
            Export CSV
          </a>
        </div>
      </Form>
      <importer.Form method="post" encType="multipart/form-data" className="mt-4 flex flex-wrap items-end gap-2 border-t border-slate-100 pt-4">
        <input type="hidden" name="intent" value="import" />
        <label className="text-sm font-medium text-slate-800">
          CSV file (header row, up to 10,000 rows)
          <input name="file" type="file" accept=".csv,text/csv" required className="mt-1 block w-full max-w-xs text-sm text-slate-800" />
        </label>
        <Button type="submit" variant="secondary" loading={importing}>
          {importing ? "Importing…" : "Import CSV"}
        </Button>
      </importer.Form>
      <div aria-live="polite">
        {result && !importing ? (
          result.ok ? (
            <div className="mt-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900" data-testid="import-result">
              <p>{result.message}</p>
              {result.report?.skipped.length ? (
                <details className="mt-2">
                  <summary className="cursor-pointer font-medium">Skipped rows</summary>
                  <ul className="mt-1 list-disc pl-5">
                    {result.report.skipped.slice(0, 100).map((s) => (
                      <li key={s.line}>
                        Line {s.line}: {s.reason}
                      </li>
                    ))}
                    {result.report.skipped.length > 100 ? <li>…and {result.report.skipped.length - 100} more</li> : null}
                  </ul>
                </details>
              ) : null}
            </div>
          ) : (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {result.error}
            </p>
          )
        ) : null}
      </div>
      <p className="mt-2 text-xs text-slate-600">Files over {Math.round(CSV_MAX_BYTES / 1024 / 1024)} MB are refused.</p>
    </section>
  );
}

const STATUS_STYLES: Record<keyof typeof PROSPECT_STATUS_LABELS, string> = {
  pending: "bg-slate-100 text-slate-800",
  contacted: "bg-blue-100 text-blue-900",
  responded: "bg-amber-100 text-amber-900",
  converted: "bg-emerald-100 text-emerald-900",
};

function ProspectTable(props: { prospects: Prospect[]; selected: Set<string>; toggle: (id: string) => void; setAll: (on: boolean) => void; onMessage: (id: string) => void }) {
  const all = props.prospects.length > 0 && props.prospects.every((p) => props.selected.has(p.id));
  return (
    <div className="mt-4 overflow-x-auto">
      {/* Outside the table: below 640 px its header row is hidden (cards). */}
      <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" checked={all} onChange={(e) => props.setAll(e.currentTarget.checked)} />
        Select all shown prospects
      </label>
      <table className="stack-table mt-2 min-w-full text-sm">
        <thead>
          <tr className="text-left text-slate-700">
            <th scope="col" className="py-2 pr-3">
              <span className="sr-only">Select</span>
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">Name</th>
            <th scope="col" className="py-2 pr-4 font-semibold">Title</th>
            <th scope="col" className="py-2 pr-4 font-semibold">Company</th>
            <th scope="col" className="py-2 pr-4 font-semibold">Location</th>
            <th scope="col" className="py-2 pr-4 font-semibold">Status</th>
            <th scope="col" className="py-2 pr-4 font-semibold">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {props.prospects.map((p) => (
            <tr key={p.id} data-prospect={p.email ?? p.id}>
              <td className="py-2 pr-3" data-label="Select">
                <input type="checkbox" aria-label={`Select ${p.name || p.email || "prospect"}`} checked={props.selected.has(p.id)} onChange={() => props.toggle(p.id)} />
              </td>
              <td className="py-2 pr-4 font-medium text-slate-900" data-label="Name">
                {p.name || "—"}
                {p.email ? <span className="block text-xs font-normal text-slate-600">{p.email}</span> : null}
                {p.unsubscribed ? <span className="block text-xs font-normal text-red-800">Unsubscribed</span> : null}
              </td>
              <td className="py-2 pr-4 text-slate-800" data-label="Title">{p.title || "—"}</td>
              <td className="py-2 pr-4 text-slate-800" data-label="Company">{p.company || "—"}</td>
              <td className="py-2 pr-4 text-slate-800" data-label="Location">{p.location || "—"}</td>
              <td className="py-2 pr-4" data-label="Status">
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[p.status]}`} data-status={p.status}>
                  {PROSPECT_STATUS_LABELS[p.status]}
                </span>
              </td>
              <td className="py-2 pr-4" data-label="Actions">
                <ProspectActions prospect={p} onMessage={() => props.onMessage(p.id)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ProspectActions({ prospect, onMessage }: { prospect: Prospect; onMessage: () => void }) {
  const fetcher = useFetcher<OutreachActionResult>();
  const busy = fetcher.state !== "idle";
  const who = prospect.name || prospect.email || "prospect";
  const closed = prospect.status === "converted";
  return (
    <div className="flex flex-wrap items-center gap-2">
      {prospect.profileUrl ? (
        <a href={prospect.profileUrl} target="_blank" rel="noopener noreferrer nofollow" className={linkClass} aria-label={`View Profile of ${who} (opens in a new tab)`}>
          View Profile
        </a>
      ) : null}
      <button type="button" className={linkClass} onClick={onMessage} disabled={closed} aria-label={`Send Message to ${who}`}>
        Send Message
      </button>
      {prospect.status === "pending" || prospect.status === "contacted" ? (
        <fetcher.Form method="post">
          <input type="hidden" name="prospectId" value={prospect.id} />
          <button type="submit" name="intent" value="responded" className={linkClass} disabled={busy} aria-label={`Mark ${who} as responded`}>
            Responded
          </button>
        </fetcher.Form>
      ) : null}
      {closed ? (
        prospect.leadId ? <Link to={`/app/leads/${prospect.leadId}`} className={linkClass}>Open lead</Link> : null
      ) : (
        <fetcher.Form method="post">
          <input type="hidden" name="prospectId" value={prospect.id} />
          <button type="submit" name="intent" value="convert" className={linkClass} disabled={busy} aria-label={`Convert to lead: ${who}`}>
            {busy && fetcher.formData?.get("intent") === "convert" ? "Converting…" : "Convert to lead"}
          </button>
        </fetcher.Form>
      )}
      {fetcher.data && !fetcher.data.ok && !busy ? (
        <span role="alert" className="text-xs text-red-800">{fetcher.data.error}</span>
      ) : null}
    </div>
  );
}

function OutreachModal({ prospects, timeZone, onClose, onStarted }: { prospects: Prospect[]; timeZone: string; onClose: () => void; onStarted: () => void }) {
  const fetcher = useFetcher<OutreachActionResult>();
  const [linkedin, setLinkedin] = useState(DEFAULT_LINKEDIN_MESSAGE);
  const [subject, setSubject] = useState(DEFAULT_EMAIL_SUBJECT);
  const [body, setBody] = useState(DEFAULT_EMAIL_BODY);
  const sample = prospects[0];
  // Conform with the campaign's schema: an invalid form is not sent; the server's answer is lastResult.
  const { sending: busy, result, lastResult } = useFetcherResult(fetcher);
  const [form] = useForm({ id: "outreach-campaign", lastResult, onValidate: validateWith(campaignFormSchema), shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" });
  const error = busy ? undefined : form.errors?.[0];
  useEffect(() => {
    if (result?.ok && !busy) onStarted();
  }, [result, busy, onStarted]);
  const preview = useMemo(
    () => (sample ? { linkedin: fillPlaceholders(linkedin, sample), subject: fillPlaceholders(subject, sample), body: fillPlaceholders(body, sample) } : null),
    [sample, linkedin, subject, body],
  );
  return (
    <Dialog
      title={
        <>
          Cold Outreach Automation <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">PRO</span>
        </>
      }
      onClose={onClose}
      size="lg"
      dismissible={!busy}
      testId="outreach-modal"
    >
      <p className="mt-1 text-sm text-slate-700">
        {prospects.length === 1 ? `To ${prospects[0]!.name || prospects[0]!.email || "1 prospect"}` : `To ${prospects.length} prospects`}. Placeholders: {"{firstName}"}, {"{company}"}, {"{location}"}, {"{industry}"}.
      </p>
      <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="campaign" />
        {prospects.map((p) => (
          <input key={p.id} type="hidden" name="prospectId" value={p.id} />
        ))}
        <label className="block text-sm font-medium text-slate-800">
          LinkedIn message
          <textarea name="linkedinMessage" rows={3} maxLength={300} value={linkedin} onChange={(e) => setLinkedin(e.currentTarget.value)} className={smallInputClass} />
        </label>
        <label className="block text-sm font-medium text-slate-800">
          Email subject
          <input name="emailSubject" maxLength={150} value={subject} onChange={(e) => setSubject(e.currentTarget.value)} className={smallInputClass} />
        </label>
        <label className="block text-sm font-medium text-slate-800">
          Email body
          <textarea name="emailBody" rows={6} maxLength={5000} value={body} onChange={(e) => setBody(e.currentTarget.value)} className={smallInputClass} />
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <Choice name="dailyConnections" label="Daily LinkedIn connections" options={DAILY_CONNECTION_OPTIONS.map((v) => ({ value: String(v), label: String(v) }))} defaultValue={String(DEFAULT_DAILY_CONNECTIONS)} />
          <Choice name="followUpDays" label="Follow-up delay" options={FOLLOW_UP_DAY_OPTIONS.map((v) => ({ value: String(v), label: plural(v, "day") }))} defaultValue={String(DEFAULT_FOLLOW_UP_DAYS)} />
          <Choice name="dailyEmails" label="Daily emails" options={DAILY_EMAIL_OPTIONS.map((v) => ({ value: String(v), label: String(v) }))} defaultValue={String(DEFAULT_DAILY_EMAILS)} />
          <Choice name="sendTime" label={`Send time (${timeZone})`} options={SEND_TIME_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} defaultValue={DEFAULT_SEND_TIME} />
        </div>
        <p className="text-xs text-slate-600">
          E-mails go out at the send time in your time zone, at most the daily number a day across all campaigns, with up to two follow-ups. A sequence stops when the prospect responds, unsubscribes or becomes a lead. Every e-mail carries an unsubscribe link and your postal address. LinkedIn messages are not sent for you: they appear on your daily list to send by hand.
        </p>
        {preview && sample ? (
          <section aria-label="Preview" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
            <h3 className="font-semibold text-slate-900">Preview for {sample.name || sample.email || "the first prospect"}</h3>
            <p className="mt-2 whitespace-pre-line"><span className="font-medium">LinkedIn: </span>{preview.linkedin}</p>
            <p className="mt-2"><span className="font-medium">Subject: </span>{preview.subject}</p>
            <p className="mt-1 whitespace-pre-line" data-testid="preview-body">{preview.body}</p>
          </section>
        ) : null}
        <div aria-live="polite">
          {result?.ok ? (
            <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900" data-testid="campaign-result">{result.message}</p>
          ) : error ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">{error}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={busy} disabled={Boolean(result?.ok)}>
            {busy ? "Starting…" : result?.ok ? "Started" : "Start Campaign"}
          </Button>
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            {result?.ok ? "Close" : "Cancel"}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

function Choice({ name, label, options, defaultValue }: { name: string; label: string; options: { value: string; label: string }[]; defaultValue: string }) {
  return (
    <label className="block text-sm font-medium text-slate-800">
      {label}
      <select name={name} defaultValue={defaultValue} className={smallInputClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>{o.label}</option>
        ))}
      </select>
    </label>
  );
}

function LinkedinList({ items }: { items: Outreach["linkedin"] }) {
  return (
    <section aria-labelledby="linkedin-title" className={cardClass}>
      <h2 id="linkedin-title" className={cardTitleClass}>Today&apos;s LinkedIn list</h2>
      <p className="mt-1 text-sm text-slate-700">
        LinkedIn does not allow automated messages, so LeadBroom does not send them: open each profile, paste the message, and mark it sent.
      </p>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">Nothing to send today.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {items.map((item) => (
            <LinkedinItem key={item.enrollmentId} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LinkedinItem({ item }: { item: Outreach["linkedin"][number] }) {
  const fetcher = useFetcher<OutreachActionResult>();
  const [copied, setCopied] = useState(false);
  const who = item.prospect.name || "this prospect";
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-linkedin={item.prospect.id}>
      <p className="font-medium text-slate-900">
        {who}
        <span className="font-normal text-slate-700">{[item.prospect.title, item.prospect.company].filter(Boolean).length ? ` · ${[item.prospect.title, item.prospect.company].filter(Boolean).join(", ")}` : ""}</span>
      </p>
      <label className="mt-2 block text-sm text-slate-800">
        Message for {who}
        <textarea readOnly rows={3} value={item.message} className={smallInputClass} />
      </label>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <a href={item.prospect.profileUrl} target="_blank" rel="noopener noreferrer nofollow" className={buttonClasses({ variant: "secondary", size: "sm" })}>
          View Profile
        </a>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(item.message).then(() => setCopied(true));
          }}
        >
          {copied ? "Copied!" : "Copy message"}
        </Button>
        <fetcher.Form method="post">
          <input type="hidden" name="enrollmentId" value={item.enrollmentId} />
          <Button type="submit" name="intent" value="linkedin-sent" size="sm" loading={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Saving…" : "Mark as sent"}
          </Button>
        </fetcher.Form>
        {fetcher.data && !fetcher.data.ok ? <span role="alert" className="text-sm text-red-800">{fetcher.data.error}</span> : null}
      </div>
    </li>
  );
}

function Campaigns({ campaigns }: { campaigns: Outreach["campaigns"] }) {
  if (!campaigns.length) return null;
  return (
    <section aria-labelledby="campaigns-title" className={cardClass}>
      <h2 id="campaigns-title" className={cardTitleClass}>Email campaigns</h2>
      <ul className="mt-3 divide-y divide-slate-100 text-sm">
        {campaigns.map((c) => (
          <li key={c.id} className="py-2 text-slate-800" data-campaign={c.id}>
            <span className="font-medium text-slate-900">{c.name}</span>: {c.prospects} prospects, {c.sent} e-mails sent, {c.scheduled} scheduled, {c.stopped} stopped · {sendTimeLabel(c.sendTime)}, up to {c.dailyEmails} a day
          </li>
        ))}
      </ul>
    </section>
  );
}
