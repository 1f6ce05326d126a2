// User Access (spec §2.14 Settings): members and roles, invitations by email. Owners only (the route
// checks); the last owner rule is enforced on the server.
import { SandboxFieldset, SandboxNotice } from "./SandboxNotice";
import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import { useResetOnSuccess } from "~/lib/forms";
import type { PendingInvite } from "#server/team/invites.server.ts";
import type { TeamMember } from "#server/team/members.server.ts";
import { INVITE_TTL_DAYS, MEMBER_ROLES, inviteSchema } from "#shared/team/team-input.ts";
import { ConfirmButtonForm, ErrorList, fieldProps, inputClass, labelClass, ResultMessage, SectionCard, selectClass, useSectionForm, useSectionResult, type SettingsActionResult } from "./ui";
import { formatDate } from "~/components/leads/format";
import { Button } from "~/components/ui/Button";

const roleLabel = (role: string) => (role === "owner" ? "Owner" : "Support");

export function UsersSection(props: {
  members: TeamMember[];
  invites: PendingInvite[];
  currentUserId: string;
  timeZone: string;
  now: string;
  /** A demo sandbox: inviting is switched off, with the reason (decision 0026). */
  sandbox?: boolean;
}) {
  // One fetcher for the row actions, so their result shows in one place.
  const rowActions = useFetcher<SettingsActionResult>({ key: "settings-team-rows" });
  const rowResult = useSectionResult(rowActions, ["invite-resend", "invite-revoke", "member-role", "member-remove"]);
  return (
    <div className="space-y-6">
      <InviteForm sandbox={props.sandbox ?? false} />
      <SectionCard id="members-heading" title="Team members" description="Owners can do everything; support staff work leads, conversations and replays.">
        <ResultMessage result={rowResult} />
        <ul className="mt-3 divide-y divide-slate-200">
          {props.members.map((member) => (
            <MemberRow key={member.id} member={member} isSelf={member.userId === props.currentUserId} fetcher={rowActions} />
          ))}
        </ul>
      </SectionCard>
      <SectionCard id="invites-heading" title="Pending invitations" description={`Invitation links work once and expire after ${INVITE_TTL_DAYS} days.`}>
        {props.invites.length === 0 ? (
          <p className="text-sm text-slate-600">No pending invitations.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {props.invites.map((invite) => {
              const expired = new Date(invite.expiresAt).getTime() <= new Date(props.now).getTime();
              return (
                <li key={invite.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900">{invite.email}</p>
                    <p className="text-sm text-slate-600">
                      {roleLabel(invite.role)} ·{" "}
                      {expired ? (
                        <span className="font-semibold text-red-700">Expired</span>
                      ) : (
                        <>Expires {formatDate(invite.expiresAt, props.timeZone)}</>
                      )}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <rowActions.Form method="post">
                      <input type="hidden" name="inviteId" value={invite.id} />
                      <Button type="submit" name="intent" value="invite-resend" disabled={rowActions.state !== "idle"} variant="secondary">
                        Resend<span className="sr-only"> invitation to {invite.email}</span>
                      </Button>
                    </rowActions.Form>
                    <rowActions.Form method="post">
                      <input type="hidden" name="inviteId" value={invite.id} />
                      <Button type="submit" name="intent" value="invite-revoke" disabled={rowActions.state !== "idle"} variant="danger" size="sm">
                        Revoke<span className="sr-only"> invitation to {invite.email}</span>
                      </Button>
                    </rowActions.Form>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </SectionCard>
    </div>
  );
}

function InviteForm({ sandbox }: { sandbox: boolean }) {
  const fetcher = useFetcher<SettingsActionResult>({ key: "settings-invite" });
  const prefix = useId().replace(/:/g, "");
  const { result, errors, clientFailed, formProps } = useSectionForm({ id: "settings-invite", schema: inviteSchema, fetcher, intents: ["invite"] });
  const email = fieldProps(prefix, "email", errors);
  const role = fieldProps(prefix, "role", errors);
  const busy = fetcher.state !== "idle";

  const formRef = useResetOnSuccess(result);

  return (
    <SectionCard id="invite-heading" title="Invite a team member" description="They get an email with a link to join your business.">
      {sandbox ? <SandboxNotice action="invite" /> : null}
      <fetcher.Form ref={formRef} method="post" {...formProps}>
        <SandboxFieldset action="invite" sandbox={sandbox} className="space-y-4">
          <input type="hidden" name="intent" value="invite" />
          <div className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
            <div>
              <label htmlFor={email.id} className={labelClass}>
                Email address
              </label>
              <input {...email.input} type="email" autoComplete="off" className={inputClass} />
            </div>
            <div>
              <label htmlFor={role.id} className={labelClass}>
                Role
              </label>
              <select {...role.input} defaultValue="support" className={selectClass}>
                {MEMBER_ROLES.map((r) => (
                  <option key={r.value} value={r.value}>
                    {r.label}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" loading={busy}>
              {busy ? "Sending..." : "Send Invite"}
            </Button>
          </div>
          <ErrorList id={email.errorId} errors={email.error} />
          <ErrorList id={role.errorId} errors={role.error} />
          {clientFailed ? null : <ResultMessage result={result && (result.ok || !result.fieldErrors) ? result : null} />}
        </SandboxFieldset>
      </fetcher.Form>
    </SectionCard>
  );
}

function MemberRow({
  member,
  isSelf,
  fetcher,
}: {
  member: TeamMember;
  isSelf: boolean;
  fetcher: ReturnType<typeof useFetcher<SettingsActionResult>>;
}) {
  const selectId = `role-${member.id}`;
  const busy = fetcher.state !== "idle";
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">
          {member.displayName}
          {isSelf ? <span className="ml-2 text-sm font-normal text-slate-600">(you)</span> : null}
        </p>
        <p className="truncate text-sm text-slate-600">{member.email}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <fetcher.Form method="post" className="flex items-center gap-2" key={`${member.id}-${member.role}`}>
          <input type="hidden" name="intent" value="member-role" />
          <input type="hidden" name="memberId" value={member.id} />
          <label htmlFor={selectId} className="sr-only">
            Role of {member.displayName}
          </label>
          <select id={selectId} name="role" defaultValue={member.role} className={selectClass.replace("mt-1 ", "").replace("w-full", "w-32")}>
            {MEMBER_ROLES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
          <Button type="submit" disabled={busy} variant="secondary" className="whitespace-nowrap">
            Change role<span className="sr-only"> of {member.displayName}</span>
          </Button>
        </fetcher.Form>
        {isSelf ? null : (
          <ConfirmButtonForm
            Form={fetcher.Form}
            question={`Remove ${member.displayName} from your team? They will be signed out.`}
            fields={{ intent: "member-remove", memberId: member.id }}
            busy={busy}
          >
            Remove<span className="sr-only"> {member.displayName}</span>
          </ConfirmButtonForm>
        )}
      </div>
    </li>
  );
}
