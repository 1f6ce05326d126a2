// The Settings page's actions, one per intent. The route has already checked that the caller is an
// owner (requireOwner); every call is scoped to the caller's business.
import {
  data,
  redirect,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type AppLoadContext,
} from "@remix-run/node";
import { formFields, parseForm } from "../../../../server/businesses/form-errors.ts";
import { removeLogo, storeLogo } from "../../../../server/businesses/logo-files.server.ts";
import { LOGO_MAX_BYTES, LOGO_MESSAGES } from "../../../../server/businesses/logo-type.ts";
import { EMAIL_SETTINGS_FIELDS, NOTIFICATION_FIELDS } from "../../../../server/businesses/preferences.ts";
import { BUSINESS_PROFILE_FIELDS, SETTINGS_SAVE_FAILED, SETTINGS_SAVED } from "../../../../server/businesses/profile.ts";
import {
  updateBusinessProfile,
  updateEmailSettings,
  updateNotificationPreferences,
  type SettingsUpdate,
} from "../../../../server/businesses/settings.server.ts";
import type { Workspace } from "../../../../server/businesses/workspace.server.ts";
import { createInvite, resendInvite, revokeInvite } from "../../../../server/team/invites.server.ts";
import { changeMemberRole, removeMember } from "../../../../server/team/members.server.ts";
import { changeRoleSchema, inviteIdSchema, inviteSchema, memberIdSchema } from "../../../../server/team/team-input.ts";
import type { SettingsActionResult } from "./ui";
import { setOnboardingDismissed } from "../../../../server/onboarding/checklist.server.ts";

type Args = { request: Request; context: AppLoadContext; workspace: Workspace };

const reply = (result: SettingsActionResult, status = 200) => data(result, { status });

function notFound(): never {
  throw new Response("Not found", { status: 404 });
}

/** Reads the posted form: multipart (the logo upload, capped in memory) or urlencoded. */
async function readForm(request: Request): Promise<FormData | "too-large"> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) return request.formData();
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > LOGO_MAX_BYTES + 64 * 1024) return "too-large";
  try {
    return await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: LOGO_MAX_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return "too-large";
    throw error;
  }
}

function saved<T>(intent: string, result: SettingsUpdate<T>) {
  if (result.ok) return reply({ intent, ok: true, message: SETTINGS_SAVED });
  const first = Object.values(result.errors)[0];
  return reply({ intent, ok: false, message: `${SETTINGS_SAVE_FAILED} ${first ?? ""}`.trim(), errors: result.errors }, 400);
}

export async function handleSettingsAction({ request, context, workspace }: Args) {
  const { db, jobs, env, logger } = context.services;
  const businessId = workspace.business.id;
  const form = await readForm(request);
  if (form === "too-large") return reply({ intent: "logo-upload", ok: false, message: LOGO_MESSAGES.tooLarge }, 413);
  const intent = String(form.get("intent") ?? "");

  switch (intent) {
    case "show-onboarding":
      await setOnboardingDismissed(db, businessId, false);
      throw redirect("/app/dashboard");
    case "profile":
      return saved(intent, await updateBusinessProfile(db, businessId, formFields(form, BUSINESS_PROFILE_FIELDS)));
    case "notifications":
      return saved(intent, await updateNotificationPreferences(db, businessId, formFields(form, NOTIFICATION_FIELDS)));
    case "email":
      return saved(intent, await updateEmailSettings(db, businessId, formFields(form, EMAIL_SETTINGS_FIELDS)));

    case "logo-upload":
    case "logo-remove": {
      const deps = { db, dataDir: env.DATA_DIR, logger };
      const result = intent === "logo-upload" ? await storeLogo(deps, businessId, form.get("logo")) : await removeLogo(deps, businessId);
      if (!result.ok) {
        if (result.status === 404) notFound();
        return reply({ intent, ok: false, message: result.message }, result.status);
      }
      return reply({ intent, ok: true, message: intent === "logo-upload" ? LOGO_MESSAGES.saved : LOGO_MESSAGES.removed });
    }

    case "invite": {
      const parsed = parseForm(inviteSchema, formFields(form, ["email", "role"]));
      if (!parsed.ok) {
        return reply({ intent, ok: false, message: Object.values(parsed.errors)[0] ?? "Check the form.", errors: parsed.errors }, 400);
      }
      const result = await createInvite(
        { db, jobs },
        { businessId, inviterUserId: workspace.userId, input: parsed.value },
      );
      if (!result.ok) {
        if (result.status === 404) notFound();
        return reply({ intent, ok: false, message: result.message, errors: { email: result.message } }, result.status);
      }
      return reply({ intent, ok: true, message: `Invitation sent to ${result.invite.email}.` });
    }
    case "invite-revoke":
    case "invite-resend": {
      const parsed = parseForm(inviteIdSchema, formFields(form, ["inviteId"]));
      if (!parsed.ok) return reply({ intent, ok: false, message: parsed.errors.inviteId ?? "Choose an invitation." }, 400);
      if (intent === "invite-revoke") {
        const result = await revokeInvite(db, { businessId, inviteId: parsed.value.inviteId });
        if (!result.ok) {
          if (result.status === 404) notFound();
          return reply({ intent, ok: false, message: result.message }, result.status);
        }
        return reply({ intent, ok: true, message: "Invitation revoked." });
      }
      const result = await resendInvite(
        { db, jobs },
        { businessId, inviteId: parsed.value.inviteId, inviterUserId: workspace.userId },
      );
      if (!result.ok) {
        if (result.status === 404) notFound();
        return reply({ intent, ok: false, message: result.message }, result.status);
      }
      return reply({ intent, ok: true, message: `Invitation sent again to ${result.invite.email}.` });
    }

    case "member-role": {
      const parsed = parseForm(changeRoleSchema, formFields(form, ["memberId", "role"]));
      if (!parsed.ok) return reply({ intent, ok: false, message: Object.values(parsed.errors)[0] ?? "Check the form." }, 400);
      const result = await changeMemberRole(db, { businessId, ...parsed.value });
      if (!result.ok) {
        if (result.status === 404) notFound();
        return reply({ intent, ok: false, message: result.message }, result.status);
      }
      if (result.changed) context.realtime.memberRoleChanged(businessId, result.userId, parsed.value.role);
      return reply({ intent, ok: true, message: "Role updated." });
    }
    case "member-remove": {
      const parsed = parseForm(memberIdSchema, formFields(form, ["memberId"]));
      if (!parsed.ok) return reply({ intent, ok: false, message: parsed.errors.memberId ?? "Choose a member." }, 400);
      const result = await removeMember(db, { businessId, memberId: parsed.value.memberId, actorUserId: workspace.userId });
      if (!result.ok) {
        if (result.status === 404) notFound();
        return reply({ intent, ok: false, message: result.message }, result.status);
      }
      context.realtime.memberRemoved(businessId, result.userId);
      return reply({ intent, ok: true, message: "Member removed. Their sessions have ended." });
    }

    default:
      return reply({ intent, ok: false, message: "Unknown action." }, 400);
  }
}
