// Settings → Business Profile: the first-run checklist's progress, and "Show on dashboard" to bring a
// hidden checklist back (issue 14).
import { Form, useNavigation } from "@remix-run/react";
import type { Onboarding } from "#server/onboarding/checklist.ts";
import { SectionCard } from "./ui";
import { Button } from "~/components/ui/Button";

export function SetupChecklistCard({ onboarding }: { onboarding: Onboarding }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "show-onboarding";
  const total = onboarding.steps.length;
  return (
    <SectionCard id="setup-checklist-heading" title="Setup checklist" description="The steps that get your chatbot live and your first lead in.">
      <p className="text-sm text-slate-700">
        {onboarding.doneCount} of {total} steps done
        {onboarding.complete ? ": everything is set up." : onboarding.dismissed ? ". The checklist is hidden from your dashboard." : ". It is on your dashboard."}
      </p>
      {onboarding.dismissed && !onboarding.complete ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="show-onboarding" />
          <Button type="submit" variant="secondary" loading={busy}>
            {busy ? "Showing..." : "Show the checklist on my dashboard"}
          </Button>
        </Form>
      ) : null}
    </SectionCard>
  );
}
