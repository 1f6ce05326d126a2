// Settings → Email Settings (spec §2.14): the sender name and reply-to of the business's mails, and the
// recent deliveries. Owners only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listEmailDeliveries } from "#server/mail/deliveries.server.ts";
import { emailSettingsSchema } from "#shared/businesses/preferences.ts";
import { EmailDeliveries } from "~/components/settings/EmailDeliveries";
import { EmailSection } from "~/components/settings/EmailSection";
import { loadSettings, saveSettingsAction } from "~/lib/settings-section.server";
import { requireOwner } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireOwner(request, context);
  const { db, env } = context.services;
  const settings = await loadSettings(context, workspace);
  return {
    email: settings.email,
    businessName: settings.profile.name,
    mailFromAddress: /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM,
    mailFromName: /^\s*"?([^"<]*?)"?\s*</.exec(env.MAIL_FROM)?.[1] || "LeadBroom",
    deliveries: await listEmailDeliveries(db, workspace.business.id),
    timeZone: workspace.business.timeZone,
    sandbox: workspace.business.sandboxExpiresAt !== null,
  };
}

export const action = saveSettingsAction("email", emailSettingsSchema);

export default function EmailSettings() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <EmailSection values={data.email} businessName={data.businessName} mailFromAddress={data.mailFromAddress} mailFromName={data.mailFromName} />
      <EmailDeliveries deliveries={data.deliveries} timeZone={data.timeZone} sandbox={data.sandbox} />
    </div>
  );
}
