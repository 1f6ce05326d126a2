// Booking the walkthrough in the chat (issue 31, DESIGN §18). After the qualification, a High (or, by the
// owner's choice, Medium) lead is offered the next three free slots as quick replies plus "Another time";
// free text on the rules path ("tuesday afternoon", "next week after 3", "the 14th at 10") finds slots
// that fit; a visitor outside the business's service areas is told so instead. One tap books it through
// bookAppointment (one winner per slot); a slot taken meanwhile gets the next free ones.
// The chat service (server/chat/chat-service.server.ts) asks `offer` after the closing turn and `answer`
// before the engine while an offer stands; `answer` returns null for anything not about the booking.
import type { CommandContext } from "../events/command-context.server.ts";
import { formatSlot, formatVisit } from "../shared/appointments/format.ts";
import { timeZoneLabel } from "../shared/time/calendar.ts";
import { activeAppointments, bookAppointment, schedulingOf, type SchedulingContext } from "./commands.server.ts";
import { matchSlots, parseSlotRequest } from "./slot-request.ts";
import { freeSlots, type Slot } from "./slots.ts";

export type ChatBookingState = {
  phase: "area" | "offered" | "booked" | "closed";
  /** The quick replies last offered: their label and the slot's start. */
  offered: { label: string; startsAt: string }[];
  appointmentId?: string;
};
export type ChatBookingTurn = { replies: { text: string; quickReplies?: string[] }[]; state: ChatBookingState };
export type ChatBooking = {
  offer(input: { businessId: string; leadId: string; priority: string }): Promise<ChatBookingTurn | null>;
  answer(input: { businessId: string; leadId: string; state: ChatBookingState; text: string }): Promise<ChatBookingTurn | null>;
};

export const ANOTHER_TIME = "Another time";
export const NO_THANKS = "No thanks";
export const SOMEWHERE_ELSE = "Somewhere else";
export const BOOKING_TEXTS = {
  areaQuestion: "Would you like to book a free on-site walkthrough? First, which area is the building in?",
  offer: (zone: string) => `Would you like to book a free on-site walkthrough? Here are the next open times (${zone}):`,
  askTime: "What day and time suit you? For example “tuesday afternoon”, “next week after 3” or “the 14th at 10”.",
  fits: (zone: string) => `Here are the open times that fit (${zone}):`,
  otherZone: (zone: string) => `I read your time on your clock and show our open times in our local time (${zone}).`,
  noFit: (zone: string) => `I couldn't find an open time then. The nearest open times are (${zone}):`,
  none: "We have no open times online right now. The team will contact you to arrange a visit.",
  declined: "No problem. The team will be in touch to arrange a visit.",
  outside: (areas: string[]) => `Sorry, we only serve ${areas.join(", ")}, so we can't book a visit there. The team has your details and will be in touch if we can help.`,
  booked: (when: string, who: string | null, email: string | null) =>
    `You're booked! Your walkthrough is on ${when}${who ? ` with ${who}` : ""}.${email ? ` A confirmation with a calendar invitation is on its way to ${email}; you can reschedule or cancel from it.` : ""}`,
};

const MAX_SEARCH = 300;
const norm = (s: string) => s.trim().toLowerCase().replace(/[.!]+$/, "");

export function createChatBooking(ctx: CommandContext): ChatBooking {
  const { db } = ctx;

  async function slotsOf(businessId: string, scheduling: SchedulingContext, limit: number): Promise<Slot[]> {
    const now = ctx.clock();
    const appointments = await activeAppointments(db, businessId, now, scheduling.availability.horizonDays);
    return freeSlots({ availability: scheduling.availability, timeZone: scheduling.timeZone, now, appointments, limit });
  }

  function offering(slots: Slot[], scheduling: SchedulingContext, text: string): ChatBookingTurn {
    const offered = slots.map((s) => ({ label: formatSlot(s.startsAt, scheduling.timeZone), startsAt: s.startsAt.toISOString() }));
    return { replies: [{ text, quickReplies: [...offered.map((o) => o.label), ANOTHER_TIME, NO_THANKS] }], state: { phase: "offered", offered } };
  }

  async function offerNext(businessId: string, scheduling: SchedulingContext): Promise<ChatBookingTurn> {
    const slots = await slotsOf(businessId, scheduling, 3);
    if (slots.length === 0) return { replies: [{ text: BOOKING_TEXTS.none }], state: { phase: "closed", offered: [] } };
    return offering(slots, scheduling, BOOKING_TEXTS.offer(timeZoneLabel(slots[0]!.startsAt, scheduling.timeZone)));
  }

  async function book(businessId: string, leadId: string, startsAt: Date, scheduling: SchedulingContext): Promise<ChatBookingTurn> {
    const result = await bookAppointment(ctx, { businessId, leadId, startsAt, actor: { kind: "visitor" } });
    if (result.ok) {
      const details = await db.appointment.findUnique({ where: { id: result.appointment.id }, select: { assignee: { select: { displayName: true } }, lead: { select: { email: true } } } });
      const who = details?.assignee?.displayName.split(/\s+/)[0] ?? null;
      return {
        replies: [{ text: BOOKING_TEXTS.booked(formatVisit(result.appointment.startsAt, scheduling.timeZone), who, details?.lead.email ?? null) }],
        state: { phase: "booked", offered: [], appointmentId: result.appointment.id },
      };
    }
    if (result.nextSlots.length === 0) return { replies: [{ text: result.error }], state: { phase: "closed", offered: [] } };
    const slots = result.nextSlots.map((s) => ({ startsAt: new Date(s.startsAt), endsAt: new Date(s.endsAt), memberIds: [] }));
    return offering(slots, scheduling, result.error);
  }

  return {
    async offer({ businessId, priority }) {
      const scheduling = await schedulingOf(db, businessId);
      if (!scheduling?.availability.enabled || scheduling.availability.memberIds.length === 0) return null;
      const eligible = priority === "high" || (priority === "medium" && scheduling.availability.offerTo === "high_medium");
      if (!eligible) return null;
      if (scheduling.serviceAreas.length > 0) {
        return { replies: [{ text: BOOKING_TEXTS.areaQuestion, quickReplies: [...scheduling.serviceAreas.slice(0, 6), SOMEWHERE_ELSE] }], state: { phase: "area", offered: [] } };
      }
      return offerNext(businessId, scheduling);
    },

    async answer({ businessId, leadId, state, text }) {
      if (state.phase === "booked" || state.phase === "closed") return null;
      const scheduling = await schedulingOf(db, businessId);
      if (!scheduling?.availability.enabled) return null;
      const said = norm(text);
      if (state.phase === "area") {
        const area = scheduling.serviceAreas.find((a) => said.includes(norm(a)) || (said.length >= 3 && norm(a).includes(said)));
        if (area) return offerNext(businessId, scheduling);
        if (text.trim().endsWith("?")) return null; // a question: the engine answers it
        return { replies: [{ text: BOOKING_TEXTS.outside(scheduling.serviceAreas) }], state: { phase: "closed", offered: [] } };
      }
      const chosen = state.offered.find((o) => norm(o.label) === said);
      if (chosen) return book(businessId, leadId, new Date(chosen.startsAt), scheduling);
      if (said === norm(ANOTHER_TIME)) return { replies: [{ text: BOOKING_TEXTS.askTime }], state };
      if (said === norm(NO_THANKS) || said === "no") return { replies: [{ text: BOOKING_TEXTS.declined }], state: { phase: "closed", offered: [] } };
      const request = parseSlotRequest(text);
      if (!request) return null;
      const all = await slotsOf(businessId, scheduling, MAX_SEARCH);
      if (all.length === 0) return { replies: [{ text: BOOKING_TEXTS.none }], state: { phase: "closed", offered: [] } };
      const zone = timeZoneLabel(all[0]!.startsAt, scheduling.timeZone);
      const fitting = matchSlots(all, request, scheduling.timeZone, ctx.clock());
      const note = request.zone && request.zone !== scheduling.timeZone ? [{ text: BOOKING_TEXTS.otherZone(zone) }] : [];
      const turn = fitting.length > 0 ? offering(fitting, scheduling, BOOKING_TEXTS.fits(zone)) : offering(all.slice(0, 3), scheduling, BOOKING_TEXTS.noFit(zone));
      return { replies: [...note, ...turn.replies], state: turn.state };
    },
  };
}

/** Stored JSON → a booking state, or undefined when it is not one. */
export function readChatBookingState(value: unknown): ChatBookingState | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as Partial<ChatBookingState>;
  if (!["area", "offered", "booked", "closed"].includes(v.phase as string) || !Array.isArray(v.offered)) return undefined;
  const offered = v.offered.filter((o) => typeof o?.label === "string" && typeof o?.startsAt === "string");
  return { phase: v.phase!, offered, ...(typeof v.appointmentId === "string" ? { appointmentId: v.appointmentId } : {}) };
}
