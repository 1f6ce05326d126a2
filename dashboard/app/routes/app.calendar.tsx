// /app/calendar (issue 31): the team's walkthrough visits, a week at a time — a week grid on a laptop,
// an agenda list on a phone — with each visit's actions, and the member's private iCal feed URL.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { handleAppointmentAction } from "#server/appointments/member-actions.server.ts";
import { calendarItems, createCalendarFeed, hasCalendarFeed, revokeCalendarFeed, type CalendarItem } from "#server/appointments/views.server.ts";
import { commandContext } from "#server/events/command-context.server.ts";
import { APPOINTMENT_STATUS_LABELS, formatClock } from "#shared/appointments/format.ts";
import { failure, failureStatus, success, type ActionResult } from "#shared/forms/action-result.ts";
import { dayNumberOfIsoDate, isoDateOf, localDateTime, safeTimeZone, startOfLocalDay } from "#shared/time/calendar.ts";
import { dateTimeFormat } from "#shared/format/intl.ts";
import { focusRing, ResultMessage, SectionCard } from "~/components/settings/ui";
import { Button } from "~/components/ui/Button";
import { requireWorkspace } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Calendar · LeadBroom" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  const tz = safeTimeZone(workspace.business.timeZone);
  const asked = new URL(request.url).searchParams.get("week");
  const today = localDateTime(new Date(), tz);
  const anchor = asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? dayNumberOfIsoDate(asked) : today.dayNumber;
  const monday = anchor - ((((anchor + 3) % 7) + 7) % 7); // ISO week: 1970-01-01 was a Thursday
  const from = startOfLocalDay(monday, tz);
  const to = startOfLocalDay(monday + 7, tz);
  const [items, feed] = await Promise.all([calendarItems(context.services.db, workspace.business.id, from, to), hasCalendarFeed(context.services.db, workspace.business.id, workspace.userId)]);
  return { items, timeZone: tz, monday: isoDateOf(monday), previous: isoDateOf(monday - 7), next: isoDateOf(monday + 7), today: isoDateOf(today.dayNumber), hasFeed: feed };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const { db, env } = context.services;
  if (intent === "feed-create") {
    const url = await createCalendarFeed(db, { businessId: workspace.business.id, userId: workspace.userId, appUrl: env.PUBLIC_APP_URL });
    return data<ActionResult<{ feedUrl?: string }>>(success({ feedUrl: url }, "Your private feed URL is below. Copy it now: it is shown once."));
  }
  if (intent === "feed-revoke") {
    await revokeCalendarFeed(db, { businessId: workspace.business.id, userId: workspace.userId });
    return data<ActionResult<{ feedUrl?: string }>>(success({}, "Feed revoked. Calendars subscribed to it stop updating."));
  }
  if (intent.startsWith("appointment-")) {
    const result = await handleAppointmentAction(commandContext(context.services, context.realtime), { businessId: workspace.business.id, userId: workspace.userId, form });
    return data(result, { status: result.ok ? 200 : failureStatus("conflict") });
  }
  return data(failure("Unknown action."), { status: 400 });
}

const dayLabel = (iso: string) => dateTimeFormat("en-US", { timeZone: "UTC", weekday: "short", month: "short", day: "numeric" }).format(new Date(`${iso}T12:00:00Z`));

/** A day's visits, in time order. */
function DayVisits({ items, timeZone, className }: { items: CalendarItem[]; timeZone: string; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <VisitCard key={item.id} item={item} timeZone={timeZone} />
      ))}
    </ul>
  );
}

function VisitCard({ item, timeZone }: { item: CalendarItem; timeZone: string }) {
  const fetcher = useFetcher<ActionResult>();
  const active = item.status === "booked" || item.status === "rescheduled";
  const started = new Date(item.startsAt).getTime() <= Date.now();
  const busy = fetcher.state !== "idle";
  return (
    <li className={`rounded-lg border p-2 text-sm ${item.status === "cancelled" ? "border-slate-200 bg-slate-50 text-slate-500" : "border-brand-200 bg-brand-50 text-slate-900"}`} data-testid="calendar-visit">
      <p className="font-semibold">
        {formatClock(new Date(item.startsAt), timeZone)}–{formatClock(new Date(item.endsAt), timeZone)}
      </p>
      <Link to={`/app/leads/${item.leadId}`} className={`underline ${focusRing}`}>
        {item.leadName}
        {item.company ? ` (${item.company})` : ""}
      </Link>
      <p className="text-xs text-slate-600">
        {APPOINTMENT_STATUS_LABELS[item.status]}
        {item.assignee ? ` · ${item.assignee}` : ""}
      </p>
      {active ? (
        <fetcher.Form method="post" className="mt-1 flex flex-wrap gap-1">
          <input type="hidden" name="appointmentId" value={item.id} />
          {started ? (
            <>
              <Button size="sm" variant="secondary" name="intent" value="appointment-completed" loading={busy}>
                Completed
              </Button>
              <Button size="sm" variant="secondary" name="intent" value="appointment-no_show" loading={busy}>
                No-show
              </Button>
            </>
          ) : null}
          <Button size="sm" variant="danger" name="intent" value="appointment-cancel" loading={busy}>
            Cancel
          </Button>
        </fetcher.Form>
      ) : null}
      <ResultMessage result={fetcher.data} />
    </li>
  );
}

export default function CalendarPage() {
  const { items, timeZone, monday, previous, next, today, hasFeed } = useLoaderData<typeof loader>();
  const feed = useFetcher<ActionResult<{ feedUrl?: string }>>();
  const days = Array.from({ length: 7 }, (_, i) => isoDateOf(dayNumberOfIsoDate(monday) + i));
  const byDay = new Map(days.map((d) => [d, items.filter((item) => isoDateOf(localDateTime(new Date(item.startsAt), timeZone).dayNumber) === d)]));
  const feedUrl = feed.data?.ok ? feed.data.data?.feedUrl : undefined;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900">Calendar</h1>
        <nav aria-label="Weeks" className="flex items-center gap-2 text-sm">
          <Link to={`?week=${previous}`} className={`rounded-lg border border-slate-300 bg-white px-3 py-2 ${focusRing}`}>
            Previous week
          </Link>
          <Link to={`?week=${today}`} className={`rounded-lg border border-slate-300 bg-white px-3 py-2 ${focusRing}`}>
            This week
          </Link>
          <Link to={`?week=${next}`} className={`rounded-lg border border-slate-300 bg-white px-3 py-2 ${focusRing}`}>
            Next week
          </Link>
        </nav>
      </div>
      <p className="text-sm text-slate-600">
        Week of {dayLabel(monday)} · times in {timeZone}
      </p>
      {/* Laptop: the week as seven columns. */}
      <div className="hidden gap-2 md:grid md:grid-cols-7" data-testid="calendar-week">
        {days.map((d) => (
          <section key={d} aria-label={dayLabel(d)} className="min-h-40 rounded-xl border border-slate-200 bg-white p-2">
            <h2 className={`text-sm font-semibold ${d === today ? "text-brand-700" : "text-slate-700"}`}>{dayLabel(d)}</h2>
            <DayVisits className="mt-2 space-y-2" items={byDay.get(d)!} timeZone={timeZone} />
          </section>
        ))}
      </div>
      {/* Phone: an agenda of the days that have visits. */}
      <div className="space-y-3 md:hidden" data-testid="calendar-agenda">
        {items.length === 0 ? <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-600">No visits this week.</p> : null}
        {days
          .filter((d) => byDay.get(d)!.length > 0)
          .map((d) => (
            <section key={d} aria-label={`Agenda ${dayLabel(d)}`}>
              <h2 className="text-sm font-semibold text-slate-700">{dayLabel(d)}</h2>
              <DayVisits className="mt-1 space-y-2" items={byDay.get(d)!} timeZone={timeZone} />
            </section>
          ))}
      </div>
      <SectionCard id="feed-heading" title="Your private calendar feed" description="Subscribe from Google, Outlook or Apple Calendar to see the visits assigned to you. Anyone with the URL can read it: keep it private, and revoke it if it leaks.">
        <feed.Form method="post" className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="feed-create" loading={feed.state !== "idle"}>
            {hasFeed ? "Make a new feed URL" : "Create feed URL"}
          </Button>
          {hasFeed || feedUrl ? (
            <Button type="submit" variant="danger" name="intent" value="feed-revoke" loading={feed.state !== "idle"}>
              Revoke feed
            </Button>
          ) : null}
        </feed.Form>
        <div className="mt-3 space-y-2">
          <ResultMessage result={feed.data} />
          {feedUrl ? (
            <p className="break-all rounded-lg bg-slate-100 p-2 font-mono text-sm" data-testid="feed-url">
              {feedUrl}
            </p>
          ) : null}
        </div>
      </SectionCard>
    </div>
  );
}
