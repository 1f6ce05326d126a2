// Settings → Scheduling (issue 31): the owner's availability, one command. Members who take visits must
// be members of the business; the rest is the shared schema's (server/shared/appointments/availability.ts).
import { runCommand, type CommandContext } from "../events/command-context.server.ts";
import { availabilitySchema, readAvailability, type Availability } from "../shared/appointments/availability.ts";
import { parseWith, type ActionResult, failure, success } from "../shared/forms/action-result.ts";

export const SCHEDULING_SAVED = "Scheduling saved.";

export async function schedulingSettingsView(db: CommandContext["db"], businessId: string) {
  const [row, members, business] = await Promise.all([
    db.schedulingSettings.findUnique({ where: { businessId } }),
    db.membership.findMany({ where: { businessId }, select: { userId: true, role: true, user: { select: { displayName: true, email: true } } }, orderBy: { createdAt: "asc" } }),
    db.business.findUnique({ where: { id: businessId }, select: { timeZone: true } }),
  ]);
  return {
    availability: readAvailability(row as Record<string, unknown> | null),
    members: members.map((m) => ({ userId: m.userId, name: m.user.displayName, email: m.user.email, role: m.role })),
    timeZone: business?.timeZone ?? "UTC",
  };
}

export async function saveAvailability(ctx: CommandContext, args: { businessId: string; input: unknown }): Promise<ActionResult<Availability>> {
  const parsed = parseWith(availabilitySchema, args.input);
  if (!parsed.ok) return parsed;
  const availability = parsed.value as Availability;
  const members = await ctx.db.membership.findMany({ where: { businessId: args.businessId, userId: { in: availability.memberIds } }, select: { userId: true } });
  if (members.length !== new Set(availability.memberIds).size) return failure("Pick team members of this business", { memberIds: "Pick team members of this business" });
  if (availability.enabled && availability.memberIds.length === 0) return failure("Pick at least one team member who takes visits", { memberIds: "Pick at least one team member who takes visits" });
  if (availability.enabled && Object.values(availability.windows).every((w) => !w?.length)) return failure("Add at least one window when visits can be booked", { windows: "Add at least one window when visits can be booked" });
  const data = { ...availability, memberIds: [...new Set(availability.memberIds)], daysOff: [...new Set(availability.daysOff)].sort() };
  await runCommand(ctx, "scheduling", (tx) => tx.schedulingSettings.upsert({ where: { businessId: args.businessId }, create: { businessId: args.businessId, ...data }, update: data }));
  return success(data, SCHEDULING_SAVED);
}
