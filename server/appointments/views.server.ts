// What the appointment pages read (issue 31): the visitor's manage page (behind the signed link), the
// team's calendar (/app/calendar) and each member's private iCal feed. Every read is scoped: the manage
// page by the verified token (and its nonce), the calendar by the signed-in business, the feed by its
// token's hash.
import { createHash, randomBytes } from "node:crypto";
import ical, { ICalEventStatus } from "ical-generator";
import type { Db } from "../db/client.server.ts";
import { formatSlot, formatVisit } from "../shared/appointments/format.ts";
import { safeTimeZone } from "../shared/time/calendar.ts";
import { appointmentUid } from "./appointment-mail.server.ts";
import { MANAGE_PROBLEM_MESSAGES, verifyBookToken, verifyManageToken } from "./manage-token.ts";
import { BOOKING_MESSAGES, nextFreeSlots, type SlotView } from "./commands.server.ts";

export type ManageView = {
  appointmentId: string;
  businessId: string;
  nonce: string;
  businessName: string;
  when: string;
  status: string;
  assignee: string | null;
  slots: (SlotView & { label: string })[];
};

/** The appointment behind a manage link, or why the link does not work. */
export async function findManaged(deps: { db: Db; secret: string }, token: string, now: Date): Promise<{ ok: true; view: ManageView } | { ok: false; error: string; used?: boolean }> {
  const verified = verifyManageToken(deps.secret, token, now);
  if (!verified.ok) return { ok: false, error: MANAGE_PROBLEM_MESSAGES[verified.problem] };
  const a = await deps.db.appointment.findUnique({
    where: { id: verified.target.appointmentId },
    select: { id: true, businessId: true, startsAt: true, status: true, manageNonce: true, assignee: { select: { displayName: true } }, business: { select: { name: true, timeZone: true } } },
  });
  if (!a) return { ok: false, error: MANAGE_PROBLEM_MESSAGES.invalid };
  if (a.manageNonce !== verified.target.nonce) return { ok: false, error: MANAGE_PROBLEM_MESSAGES.used, used: true };
  const tz = safeTimeZone(a.business.timeZone);
  const slots = (await nextFreeSlots(deps.db, a.businessId, now, { limit: 12, ignoreId: a.id })).filter((s) => s.startsAt !== a.startsAt.toISOString());
  return {
    ok: true,
    view: {
      appointmentId: a.id,
      businessId: a.businessId,
      nonce: a.manageNonce,
      businessName: a.business.name,
      when: formatVisit(a.startsAt, tz),
      status: a.status,
      assignee: a.assignee?.displayName.split(/\s+/)[0] ?? null,
      slots: slots.map((s) => ({ ...s, label: formatSlot(new Date(s.startsAt), tz) })),
    },
  };
}

export type CalendarItem = {
  id: string;
  leadId: string;
  leadName: string;
  company: string | null;
  startsAt: string;
  endsAt: string;
  status: string;
  assignee: string | null;
  assigneeUserId: string | null;
};

const itemSelect = { id: true, leadId: true, startsAt: true, endsAt: true, status: true, assigneeUserId: true, assignee: { select: { displayName: true } }, lead: { select: { name: true, company: true } } } as const;

async function items(db: Db, where: NonNullable<Parameters<Db["appointment"]["findMany"]>[0]>["where"], order: "asc" | "desc", take: number): Promise<CalendarItem[]> {
  const rows = await db.appointment.findMany({ where, orderBy: { startsAt: order }, take, select: itemSelect });
  return rows.map((r) => ({
    id: r.id,
    leadId: r.leadId,
    leadName: r.lead.name ?? "Visitor",
    company: r.lead.company,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    status: r.status,
    assignee: r.assignee?.displayName ?? null,
    assigneeUserId: r.assigneeUserId,
  }));
}

/** The business's appointments between two instants (the calendar's week), soonest first. */
export function calendarItems(db: Db, businessId: string, from: Date, to: Date): Promise<CalendarItem[]> {
  return items(db, { businessId, startsAt: { gte: from, lt: to } }, "asc", 500);
}

/** A lead's appointments (the lead page), newest first. */
export function leadAppointments(db: Db, businessId: string, leadId: string): Promise<CalendarItem[]> {
  return items(db, { businessId, leadId }, "desc", 20);
}

// ---- The private iCal feed ------------------------------------------------------------------------

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

export async function hasCalendarFeed(db: Db, businessId: string, userId: string): Promise<boolean> {
  return (await db.calendarFeed.count({ where: { businessId, userId } })) > 0;
}

/** A new feed token for the member (replacing any earlier one, which stops working); the URL is shown once. */
export async function createCalendarFeed(db: Db, args: { businessId: string; userId: string; appUrl: string }): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await db.$transaction([
    db.calendarFeed.deleteMany({ where: { businessId: args.businessId, userId: args.userId } }),
    db.calendarFeed.create({ data: { businessId: args.businessId, userId: args.userId, tokenHash: hash(token) } }),
  ]);
  return `${args.appUrl}/calendar/feed/${token}.ics`;
}

export async function revokeCalendarFeed(db: Db, args: { businessId: string; userId: string }): Promise<void> {
  await db.calendarFeed.deleteMany({ where: { businessId: args.businessId, userId: args.userId } });
}

/** The member's visits (last 30 days on) as an iCalendar feed, or null for an unknown or revoked token. */
export async function calendarFeed(db: Db, token: string, appUrl: string, now: Date): Promise<string | null> {
  if (!/^[\w-]{20,64}$/.test(token)) return null;
  const feed = await db.calendarFeed.findUnique({ where: { tokenHash: hash(token) }, select: { businessId: true, userId: true, business: { select: { name: true, timeZone: true } } } });
  if (!feed) return null;
  const rows = await db.appointment.findMany({
    where: { businessId: feed.businessId, assigneeUserId: feed.userId, startsAt: { gte: new Date(now.getTime() - 30 * 86_400_000) } },
    orderBy: { startsAt: "asc" },
    take: 1000,
    select: { id: true, startsAt: true, endsAt: true, status: true, sequence: true, leadId: true, lead: { select: { name: true, company: true, phone: true } } },
  });
  const calendar = ical({ name: `${feed.business.name} walkthroughs`, prodId: { company: "LeadBroom", product: "LeadBroom", language: "EN" }, ttl: 900 });
  for (const r of rows) {
    calendar.createEvent({
      id: appointmentUid(r.id, appUrl),
      sequence: r.sequence,
      start: r.startsAt,
      end: r.endsAt,
      summary: `Walkthrough: ${r.lead.name ?? "Visitor"}${r.lead.company ? ` (${r.lead.company})` : ""}`,
      description: `${r.lead.phone ? `Phone: ${r.lead.phone}\n` : ""}${appUrl}/app/leads/${r.leadId}`,
      url: `${appUrl}/app/leads/${r.leadId}`,
      status: r.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

// ---- The lead page's appointment panel ----------------------------------------------------------

export type LeadAppointmentPanel = {
  /** The business books visits online (Settings → Scheduling is on). */
  enabled: boolean;
  items: (CalendarItem & { when: string })[];
  /** Free start times to move the active visit to (or book one), labelled in the business's zone. */
  slots: { startsAt: string; label: string }[];
  /** The members who take visits (reassign to one of them). */
  members: { id: string; name: string }[];
};

/** The lead's visits with what a member can do to them: move to a free time, reassign, cancel. */
export async function leadAppointmentPanel(db: Db, args: { businessId: string; leadId: string; timeZone: string; now: Date }): Promise<LeadAppointmentPanel> {
  const tz = safeTimeZone(args.timeZone);
  const [list, settings] = await Promise.all([
    leadAppointments(db, args.businessId, args.leadId),
    db.schedulingSettings.findUnique({ where: { businessId: args.businessId }, select: { enabled: true, memberIds: true } }),
  ]);
  const items = list.map((item) => ({ ...item, when: formatVisit(new Date(item.startsAt), tz) }));
  const enabled = settings?.enabled === true;
  const active = items.find((item) => item.status === "booked" || item.status === "rescheduled");
  if (!enabled && !active) return { enabled, items, slots: [], members: [] };
  const memberIds = settings?.memberIds ?? [];
  const [slots, users] = await Promise.all([
    nextFreeSlots(db, args.businessId, args.now, { limit: 12, ...(active ? { ignoreId: active.id } : {}) }),
    memberIds.length ? db.user.findMany({ where: { id: { in: memberIds }, memberships: { some: { businessId: args.businessId } } }, select: { id: true, displayName: true } }) : [],
  ]);
  return {
    enabled,
    items,
    slots: slots.filter((s) => s.startsAt !== active?.startsAt).map((s) => ({ startsAt: s.startsAt, label: formatSlot(new Date(s.startsAt), tz) })),
    members: users.map((u) => ({ id: u.id, name: u.displayName })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

// ---- The booking page behind {bookingLink} ------------------------------------------------------

export type BookView = {
  businessId: string;
  leadId: string;
  businessName: string;
  /** The lead's visit already booked (then nothing to pick), in words. */
  booked: string | null;
  /** Why nothing can be booked online now (Settings → Scheduling is off), or null. */
  closed: string | null;
  slots: (SlotView & { label: string })[];
};

/** The lead behind a booking link with the business's free times, or why the link does not work. */
export async function findBookable(deps: { db: Db; secret: string }, token: string, now: Date): Promise<{ ok: true; view: BookView } | { ok: false; error: string }> {
  const verified = verifyBookToken(deps.secret, token, now);
  if (!verified.ok) return { ok: false, error: verified.problem === "expired" ? "This booking link has expired. Please ask us for a new one." : MANAGE_PROBLEM_MESSAGES.invalid };
  const { businessId, leadId } = verified.target;
  const lead = await deps.db.lead.findFirst({
    where: { id: leadId, businessId },
    select: { business: { select: { name: true, timeZone: true, schedulingSettings: { select: { enabled: true } } } }, appointments: { where: { status: { in: ["booked", "rescheduled"] } }, select: { startsAt: true }, take: 1 } },
  });
  if (!lead) return { ok: false, error: MANAGE_PROBLEM_MESSAGES.invalid };
  const tz = safeTimeZone(lead.business.timeZone);
  const booked = lead.appointments[0] ? formatVisit(lead.appointments[0].startsAt, tz) : null;
  const closed = lead.business.schedulingSettings?.enabled === true ? null : BOOKING_MESSAGES.not_enabled;
  const slots = booked || closed ? [] : await nextFreeSlots(deps.db, businessId, now, { limit: 12 });
  return {
    ok: true,
    view: { businessId, leadId, businessName: lead.business.name, booked, closed, slots: slots.map((s) => ({ ...s, label: formatSlot(new Date(s.startsAt), tz) })) },
  };
}
