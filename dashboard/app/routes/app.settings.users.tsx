// Settings → User Access (spec §2.14): the team, pending invitations, roles. Owners only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { createInvite, listPendingInvites, resendInvite, revokeInvite } from "#server/team/invites.server.ts";
import { changeMemberRole, listMembers, removeMember } from "#server/team/members.server.ts";
import { changeRoleSchema, inviteIdSchema, inviteSchema, memberIdSchema } from "#shared/team/team-input.ts";
import { failure, parseFormData, success } from "#shared/forms/action-result.ts";
import { UsersSection } from "~/components/settings/UsersSection";
import { answer, refused, unknownIntent } from "~/lib/settings-action.server";
import { requireOwner } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireOwner(request, context);
  const { db } = context.services;
  const businessId = workspace.business.id;
  return {
    members: await listMembers(db, businessId),
    invites: await listPendingInvites(db, businessId),
    timeZone: workspace.business.timeZone,
    currentUserId: workspace.userId,
    now: new Date().toISOString(),
    sandbox: workspace.business.sandboxExpiresAt !== null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const workspace = await requireOwner(request, context);
  const { db, jobs } = context.services;
  const businessId = workspace.business.id;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  switch (intent) {
    case "invite": {
      const parsed = parseFormData(form, inviteSchema);
      if (!parsed.ok) return answer(intent, parsed, 400);
      const result = await createInvite({ db, jobs }, { businessId, inviterUserId: workspace.userId, input: parsed.value });
      if (!result.ok) return refused(intent, result, { email: result.error });
      return answer(intent, success(undefined, `Invitation sent to ${result.invite.email}.`));
    }
    case "invite-revoke":
    case "invite-resend": {
      const parsed = parseFormData(form, inviteIdSchema);
      if (!parsed.ok) return answer(intent, failure(parsed.error), 400);
      if (intent === "invite-revoke") {
        const result = await revokeInvite(db, { businessId, inviteId: parsed.value.inviteId });
        if (!result.ok) return refused(intent, result);
        return answer(intent, success(undefined, "Invitation revoked."));
      }
      const result = await resendInvite({ db, jobs }, { businessId, inviteId: parsed.value.inviteId, inviterUserId: workspace.userId });
      if (!result.ok) return refused(intent, result);
      return answer(intent, success(undefined, `Invitation sent again to ${result.invite.email}.`));
    }
    case "member-role": {
      const parsed = parseFormData(form, changeRoleSchema);
      if (!parsed.ok) return answer(intent, failure(parsed.error), 400);
      const result = await changeMemberRole(db, { businessId, ...parsed.value });
      if (!result.ok) return refused(intent, result);
      if (result.changed) context.realtime.memberRoleChanged(businessId, result.userId, parsed.value.role);
      return answer(intent, success(undefined, "Role updated."));
    }
    case "member-remove": {
      const parsed = parseFormData(form, memberIdSchema);
      if (!parsed.ok) return answer(intent, failure(parsed.error), 400);
      const result = await removeMember(db, { businessId, memberId: parsed.value.memberId, actorUserId: workspace.userId });
      if (!result.ok) return refused(intent, result);
      context.realtime.memberRemoved(businessId, result.userId);
      return answer(intent, success(undefined, "Member removed. Their sessions have ended."));
    }
    default:
      return unknownIntent(intent);
  }
}

export default function UsersSettings() {
  const data = useLoaderData<typeof loader>();
  return <UsersSection members={data.members} invites={data.invites} currentUserId={data.currentUserId} timeZone={data.timeZone} now={data.now} sandbox={data.sandbox} />;
}
