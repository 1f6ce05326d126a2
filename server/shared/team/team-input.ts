// The User Access forms (spec §2.14 Settings): one Zod schema each, shared by the browser and the
// server. Pure.
import { z } from "zod";
import { isValidEmail, normalizeEmail } from "../auth/validation.ts";

export const MEMBER_ROLES = [
  { value: "support", label: "Support", description: "Works leads, conversations and replays; no settings, chatbot or billing." },
  { value: "owner", label: "Owner", description: "Everything, including settings, the chatbot, team and billing." },
] as const;

/** Days an invite link stays valid. */
export const INVITE_TTL_DAYS = 7;

const role = z.enum(["owner", "support"], { error: "Choose a role: Owner or Support." });

export const inviteSchema = z.object({
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .min(1, "Please enter your email address")
    .refine(isValidEmail, "Invalid email address")
    .transform(normalizeEmail),
  role,
});
export type InviteInput = z.output<typeof inviteSchema>;

export const changeRoleSchema = z.object({
  memberId: z.string({ error: "Choose a member." }).trim().min(1, "Choose a member.").max(64),
  role,
});

export const memberIdSchema = z.object({ memberId: z.string({ error: "Choose a member." }).trim().min(1, "Choose a member.").max(64) });
export const inviteIdSchema = z.object({ inviteId: z.string({ error: "Choose an invitation." }).trim().min(1, "Choose an invitation.").max(64) });

export const TEAM_MESSAGES = {
  lastOwner: "Your business needs at least one owner. Make someone else an owner first.",
  removeSelf: "You can't remove yourself. Ask another owner to remove you.",
  alreadyMember: "This person is already a member of your team.",
  notPending: "This invitation is no longer pending.",
} as const;
