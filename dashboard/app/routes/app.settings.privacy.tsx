// Settings → Data & privacy (issue 35 item 2, decision 0074): export the whole business, erase one person
// on request, keep transcripts only so long, delete the business after a 30-day grace period, and the
// log of all of it. Owners only (the layout's and each handler's requireOwner: support staff get 403).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listAudit } from "#server/privacy/audit.server.ts";
import { erasePerson, previewErasure } from "#server/privacy/erasure.server.ts";
import { listExports, requestExport } from "#server/privacy/export.server.ts";
import { cancelBusinessDeletion, scheduleBusinessDeletion, setTranscriptRetention } from "#server/privacy/lifecycle.server.ts";
import { loadPrivacySettings } from "#server/privacy/privacy-settings.server.ts";
import { failure, parseFormData, success } from "#shared/forms/action-result.ts";
import { deleteBusinessSchema, parsePersonQuery, personEraseSchema, personSearchSchema, PRIVACY_MESSAGES, retentionSchema } from "#shared/privacy/privacy-input.ts";
import { PrivacySection } from "~/components/settings/PrivacySection";
import { answer, refused, unknownIntent } from "~/lib/settings-action.server";
import { requireOwner } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireOwner(request, context);
  const { db } = context.services;
  const businessId = workspace.business.id;
  return {
    ...(await loadPrivacySettings(db, businessId)),
    exports: await listExports(db, businessId),
    audit: await listAudit(db, businessId),
    timeZone: workspace.business.timeZone,
    businessName: workspace.business.name,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const workspace = await requireOwner(request, context);
  const { db, jobs, logger, outboxDir } = context.services;
  const businessId = workspace.business.id;
  const actorUserId = workspace.userId;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  switch (intent) {
    case "export": {
      const result = await requestExport({ db, jobs }, { businessId, actorUserId });
      if (!result.ok) return refused(intent, result);
      return answer(intent, success({ exportId: result.exportId }, "Your export is being prepared. The download link appears here when it is ready."));
    }
    case "person-search":
    case "person-erase": {
      const parsed = parseFormData(form, intent === "person-search" ? personSearchSchema : personEraseSchema);
      if (!parsed.ok) return answer(intent, parsed, 400);
      const query = parsePersonQuery(parsed.value.person)!;
      if (intent === "person-search") {
        const matches = await previewErasure(db, businessId, query);
        if (!matches) return answer(intent, failure(PRIVACY_MESSAGES.noMatch, { person: PRIVACY_MESSAGES.noMatch }), 404);
        return answer(intent, success({ person: parsed.value.person, matches }));
      }
      const counts = await erasePerson({ db, outboxDir, logger }, { businessId, actorUserId, query });
      if (!counts) return answer(intent, failure(PRIVACY_MESSAGES.noMatch, { person: PRIVACY_MESSAGES.noMatch }), 404);
      return answer(intent, success({ counts }, "The person's data was erased. The privacy log records the erasure."));
    }
    case "retention": {
      const parsed = parseFormData(form, retentionSchema);
      if (!parsed.ok) return answer(intent, parsed, 400);
      const months = parsed.value.months ? Number(parsed.value.months) : null;
      await setTranscriptRetention(db, { businessId, actorUserId, months });
      return answer(intent, success(undefined, months ? `Transcripts older than ${months} months will be deleted.` : "Transcripts are kept."));
    }
    case "delete-business": {
      const parsed = parseFormData(form, deleteBusinessSchema);
      if (!parsed.ok) return answer(intent, parsed, 400);
      const result = await scheduleBusinessDeletion(db, { businessId, actorUserId, confirmName: parsed.value.confirmName });
      if (!result.ok) return refused(intent, result, result.reason === "invalid" ? { confirmName: result.error } : undefined);
      return answer(intent, success({ scheduledFor: result.scheduledFor.toISOString() }, "Your business is scheduled for deletion. You can cancel until then."));
    }
    case "cancel-deletion": {
      const cancelled = await cancelBusinessDeletion(db, { businessId, actorUserId });
      return answer(intent, cancelled ? success(undefined, "Deletion cancelled. Your business stays.") : failure("No deletion is scheduled."), cancelled ? 200 : 409);
    }
    default:
      return unknownIntent(intent);
  }
}

export default function PrivacySettings() {
  const data = useLoaderData<typeof loader>();
  return <PrivacySection {...data} />;
}
