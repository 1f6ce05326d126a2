import type { ReactNode } from "react";
import { PageHeader, Prose } from "./ui";

/** Spec §2.1: both legal pages were last updated March 15, 2025. */
export const LEGAL_LAST_UPDATED = "March 15, 2025";

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageHeader eyebrow="Legal" title={title}>
        <p className="text-base text-slate-600">{`Last updated ${LEGAL_LAST_UPDATED}`}</p>
      </PageHeader>
      <Prose>{children}</Prose>
    </>
  );
}
