import { data, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { plural, pluralWord, showingRange } from "#shared/format/plural.ts";
import { formatPhone } from "#shared/format/phone.ts";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useId, useState } from "react";
import { SlidersHorizontal } from "lucide-react";
import {
  LEAD_PRIORITIES,
  LEAD_SORTS,
  LEAD_SOURCES,
  LEAD_STATUSES,
  leadListSearch,
  parseLeadListQuery,
  PRIORITY_LABELS,
  SORT_LABELS,
  SOURCE_LABELS,
  STATUS_LABELS,
  type LeadListQuery,
} from "#shared/leads/lead-filters.ts";
import { listLeads } from "#server/leads/list-leads.server.ts";
import { PriorityBadge, ScoreBadge, StatusBadge, TestBadge } from "~/components/leads/LeadBadges";
import { cardClass, linkClass, smallInputClass } from "~/components/leads/classes";
import { formatDateTime } from "~/components/leads/format";
import { useLiveLeadList } from "~/components/live/use-live-lead-list";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireWorkspace } from "~/lib/session.server";
import { leadsVisibleTo } from "#server/billing/lead-visibility.ts";
import { leadDetailsHidden } from "#shared/billing/entitlements.ts";
import { Button, buttonClasses } from "~/components/ui/Button";
import { TableHead } from "~/components/ui/TableHead";
import { SelectField, TextField, type FieldMeta } from "~/components/forms";
import { Dialog } from "~/components/ui/Dialog";
import { Icon } from "~/components/ui/Icon";

export const meta = workspaceMeta("Leads");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  const started = performance.now();
  const query = parseLeadListQuery(new URL(request.url).searchParams);
  const { db } = context.services;
  const { timeZone } = workspace.business;
  // An expired trial keeps its leads but hides their details until subscribing (server/billing), and
  // a search would read them all the same (which leads match "smith" tells who they are): it is not run.
  const hidden = leadDetailsHidden(workspace.business);
  const searched = hidden ? { ...query, q: undefined } : query;
  const page = leadsVisibleTo(workspace.business, await listLeads(db, workspace.business.id, searched, { timeZone }));
  const ms = performance.now() - started;
  return data(
    { query, page, timeZone, canAddLeads: workspace.role === "owner" },
    // The domain query's time, for the benchmark (tests/bench/leads-page.ts) and the browser's devtools.
    { headers: { "Server-Timing": `leads;dur=${ms.toFixed(1)}` } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const timing = loaderHeaders.get("Server-Timing");
  return timing ? { "Server-Timing": timing } : new Headers();
};

const QUICK_FILTERS: { label: string; priority: LeadListQuery["priority"] }[] = [
  { label: "All", priority: undefined },
  { label: "High Priority", priority: "high" },
  { label: "Needs Follow-up", priority: "medium" },
];

export default function LeadsPage() {
  const { query, page, timeZone, canAddLeads } = useLoaderData<typeof loader>();
  const live = useLiveLeadList({ page: page.page, queryKey: leadListSearch(query), items: page.items });
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/app/leads";
  const first = page.items.length ? (page.page - 1) * page.pageSize + 1 : 0;
  const last = (page.page - 1) * page.pageSize + page.items.length;
  const showing = showingRange({ first, last, total: page.total, capped: page.totalCapped, one: "lead" });
  const filtered = Boolean(query.q || query.priority || query.status || query.source || query.from || query.to);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Manage Your Leads</h1>
          <p className="mt-1 hidden text-slate-600 sm:block">Every lead your chatbot captures, scored and sorted by priority.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          {/* A download, not a page: reloadDocument lets the browser save the file. */}
          <Link to={`/app/leads/export${leadListSearch(query)}`} reloadDocument className={buttonClasses({ variant: "secondary" })}>
            Export CSV
          </Link>
          {canAddLeads ? (
            <Link to="/app/leads/new" className={buttonClasses()}>
              Add Lead
            </Link>
          ) : null}
        </div>
      </header>

      {/* On a phone the leads come first: the filters wait in a sheet behind one button (issue 32). */}
      <div className="flex flex-wrap items-center gap-2">
      <FilterSheetButton query={query} />
      <nav aria-label="Quick filters" className="flex flex-wrap gap-2">
        {QUICK_FILTERS.map((tab) => {
          const active = query.priority === tab.priority && !query.status && !query.source && !query.q && !query.from && !query.to;
          return (
            <Link
              key={tab.label}
              to={`/app/leads${leadListSearch({ sort: query.sort, page: 1 }, { priority: tab.priority })}`}
              aria-current={active ? "page" : undefined}
              className={`rounded-full px-4 py-1.5 text-sm font-semibold ${
                active ? "bg-brand-600 text-white" : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
              }`}
            >
              {tab.label}
            </Link>
          );
        })}
      </nav>
      </div>

      {/* Keyed by the URL's query: after Clear, a tab or Back the fields show the filters in force
          (a live revalidation keeps the same query, so a search being typed stays). */}
      <div className="max-lg:hidden">
        <FilterForm key={leadListSearch(query)} query={query} />
      </div>

      <section aria-labelledby="lead-results" className={cardClass}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="lead-results" className="text-lg font-semibold text-slate-900">
            Leads
          </h2>
          <p className="text-sm text-slate-700" role="status" aria-live="polite">
            {loading
              ? "Loading leads…"
              : page.items.length
                ? showing
                : filtered
                  ? "No leads match these filters."
                  : "No leads yet. Leads your chatbot captures will appear here."}
          </p>
        </div>
        {live.newLeads > 0 ? <NewLeadsNotice count={live.newLeads} query={query} /> : null}
        {live.items.length ? <LeadTable items={live.items} timeZone={timeZone} /> : null}
        <Pagination query={query} page={page.page} hasNext={page.hasNext} pageCount={page.total === null || page.totalCapped ? null : page.pageCount} capped={page.totalCapped} />
      </section>
    </div>
  );
}

/** On a later page new leads are announced rather than shifting the rows being read. */
function NewLeadsNotice({ count, query }: { count: number; query: LeadListQuery }) {
  return (
    <div role="status" className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-600/40 bg-brand-50 px-4 py-3 text-sm text-slate-900">
      <span>{`${plural(count, "new lead")} ${pluralWord(count, "has", "have")} arrived since this page was loaded.`}</span>
      <Link to={`/app/leads${leadListSearch(query, { page: 1 })}`} className={linkClass}>
        Go to the first page
      </Link>
    </div>
  );
}

/** How many of the form's filters are in force (the phone's Filters button counts them). */
function activeFilters(query: LeadListQuery): number {
  return [query.q, query.priority, query.status, query.source, query.from, query.to].filter(Boolean).length;
}

/** Below 1024 px: one button opening the filter form in a dialog, so the first leads show without scrolling. */
function FilterSheetButton({ query }: { query: LeadListQuery }) {
  const [open, setOpen] = useState(false);
  const active = activeFilters(query);
  return (
    <div className="lg:hidden">
      <Button type="button" variant="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Icon icon={SlidersHorizontal} className="h-4 w-4" />
        {active ? `Filters (${active})` : "Filters"}
      </Button>
      {open ? (
        <Dialog title="Filter leads" onClose={() => setOpen(false)}>
          <FilterForm query={query} framed={false} onSubmit={() => setOpen(false)} />
        </Dialog>
      ) : null}
    </div>
  );
}

function FilterForm({ query, framed = true, onSubmit }: { query: LeadListQuery; framed?: boolean; onSubmit?: () => void }) {
  const id = useId();
  const field = (name: string): FieldMeta => ({ id: `${id}-${name}`, name });
  return (
    <Form
      method="get"
      onSubmit={onSubmit}
      className={`${framed ? cardClass : "mt-4"} grid gap-4 sm:grid-cols-2 lg:grid-cols-4`}
      role="search"
      aria-label="Filter leads"
    >
      <TextField field={field("q")} label="Search by name, email or company" className="sm:col-span-2" type="search" defaultValue={query.q ?? ""} maxLength={100} inputClassName={smallInputClass} />
      <AnySelect field={field("priority")} label="Priority" value={query.priority} options={LEAD_PRIORITIES.map((p) => [p, PRIORITY_LABELS[p]])} />
      <AnySelect field={field("status")} label="Status" value={query.status} options={LEAD_STATUSES.map((s) => [s, STATUS_LABELS[s]])} />
      <AnySelect field={field("source")} label="Source" value={query.source} options={LEAD_SOURCES.map((s) => [s, SOURCE_LABELS[s]])} />
      <TextField field={field("from")} label="Created from" type="date" defaultValue={query.from ?? ""} inputClassName={smallInputClass} />
      <TextField field={field("to")} label="Created to" type="date" defaultValue={query.to ?? ""} inputClassName={smallInputClass} />
      <SelectField field={field("sort")} label="Sort by" defaultValue={query.sort} selectClassName={smallInputClass} options={LEAD_SORTS.map((s) => [s, SORT_LABELS[s]])} />
      <div className="flex items-end gap-3 sm:col-span-2 lg:col-span-4">
        <Button type="submit">
          Apply filters
        </Button>
        <Link to="/app/leads" onClick={onSubmit} className={buttonClasses({ variant: "secondary" })}>
          Clear
        </Link>
      </div>
    </Form>
  );
}

/** A filter's choices, "Any" (no filter) first. */
function AnySelect({ field, label, value, options }: { field: FieldMeta; label: string; value: string | undefined; options: [string, string][] }) {
  return <SelectField field={field} label={label} defaultValue={value ?? ""} selectClassName={smallInputClass} options={[["", "Any"], ...options]} />;
}

type Item = ReturnType<typeof useLoaderData<typeof loader>>["page"]["items"][number];

/**
 * From 1280 px a table in which nothing wraps inside a pill, a score or an e-mail (the workspace's
 * overflow-wrap:anywhere is undone here: it let the table squeeze columns to one letter); below 1280 px
 * each row is a card, each value after its column's name, two cards a row from 640 px (issue 32).
 */
const cell =
  "py-3 pr-4 align-top max-xl:flex max-xl:items-baseline max-xl:justify-between max-xl:gap-3 max-xl:p-0 max-xl:py-0.5 max-xl:text-right max-xl:before:shrink-0 max-xl:before:text-left max-xl:before:font-semibold max-xl:before:text-slate-600 max-xl:before:content-[attr(data-label)]";

function LeadTable({ items, timeZone }: { items: Item[]; timeZone: string }) {
  return (
    <div className="mt-4 xl:overflow-x-auto">
      <table data-testid="lead-table" className="w-full text-sm max-xl:block xl:min-w-full xl:divide-y xl:divide-slate-200 xl:[overflow-wrap:normal]">
        <TableHead className="text-slate-700 max-xl:sr-only" columns={["Lead", "Contact", "Score", "Priority", "Status", "Source", "Created"]} />
        <tbody className="max-xl:grid max-xl:gap-3 sm:max-xl:grid-cols-2 xl:divide-y xl:divide-slate-100">
          {items.map((lead) => (
            <tr
              key={lead.id}
              className={`max-xl:block max-xl:min-w-0 max-xl:rounded-xl max-xl:border max-xl:border-slate-200 max-xl:p-4 ${lead.overdueReminders ? "bg-red-50/60" : ""}`}
            >
              <td className="py-3 pr-4 align-top max-xl:block max-xl:p-0 max-xl:pb-2">
                <Link to={`/app/leads/${lead.id}`} className={linkClass}>
                  {lead.name ?? "Unnamed lead"}
                </Link>
                {lead.company ? <div className="text-slate-700">{lead.company}</div> : null}
                <div className="mt-1 flex flex-wrap gap-1">
                  {lead.isTest ? <TestBadge /> : null}
                  {lead.overdueReminders ? (
                    <span className="text-xs font-semibold text-red-800">
                      {plural(lead.overdueReminders, "overdue reminder")}
                    </span>
                  ) : null}
                </div>
              </td>
              <td data-label="Contact" className={`${cell} text-slate-800 max-xl:min-w-0`}>
                <div className="min-w-0">
                  {lead.email ? (
                    <div data-nowrap="email" title={lead.email} className="truncate xl:max-w-[15rem]">
                      {lead.email}
                    </div>
                  ) : null}
                  {lead.phone ? <div className="whitespace-nowrap">{formatPhone(lead.phone)}</div> : null}
                </div>
              </td>
              <td data-label="Score" className={cell}>
                <ScoreBadge score={lead.score} />
              </td>
              <td data-label="Priority" className={cell}>
                <PriorityBadge priority={lead.priority} />
              </td>
              <td data-label="Status" className={cell}>
                <StatusBadge status={lead.status} />
              </td>
              <td data-label="Source" className={`${cell} text-slate-800 xl:whitespace-nowrap`}>{SOURCE_LABELS[lead.source]}</td>
              <td data-label="Created" className={`${cell} whitespace-nowrap text-slate-800 xl:pr-0`}>{formatDateTime(lead.createdAt, timeZone)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Pagination({
  query,
  page,
  hasNext,
  pageCount,
  capped,
}: {
  query: LeadListQuery;
  page: number;
  hasNext: boolean;
  pageCount: number | null;
  capped: boolean;
}) {
  if (!hasNext && page <= 1) return null;
  const pageText = pageCount === null ? `Page ${page.toLocaleString("en-US")}` : `Page ${page.toLocaleString("en-US")} of ${pageCount.toLocaleString("en-US")}${capped ? "+" : ""}`;
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link to={`/app/leads${leadListSearch(query, { page: page - 1 })}`} rel="prev" className={buttonClasses({ variant: "secondary" })}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-700">{pageText}</span>
      {hasNext ? (
        <Link to={`/app/leads${leadListSearch(query, { page: page + 1 })}`} rel="next" className={buttonClasses({ variant: "secondary" })}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
