// Keeps the leads list live (DESIGN §3 lead:created / lead:updated): rows on screen take pushed changes
// at once, the first page revalidates (debounced) so new leads appear in place, and later pages count new
// leads for a notice instead of shifting rows under the reader. Filters, scroll position and a search
// being typed are kept: revalidation reloads the same URL and the filter form is uncontrolled.
import { useRevalidator } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import type { LeadSummary } from "#server/realtime/protocol.ts";
import { listReaction, patchRows } from "./live-leads";
import { useDebouncedCall } from "./use-debounced-call";
import { useWorkspaceEvents } from "./use-workspace-events";

const RELOAD_DELAY_MS = 400;

type Row = Pick<LeadSummary, "id" | "name" | "email" | "phone" | "company" | "score" | "priority" | "status" | "isTest">;

export function useLiveLeadList<T extends Row & { detailsHidden?: boolean }>(input: {
  page: number;
  /** The list's filters and page as a search string: another one starts the count of new leads over. */
  queryKey: string;
  items: T[];
}): { items: T[]; newLeads: number } {
  const revalidator = useRevalidator();
  const reload = useDebouncedCall(() => revalidator.revalidate(), RELOAD_DELAY_MS);
  const [patches, setPatches] = useState<ReadonlyMap<string, LeadSummary>>(() => new Map());
  const [newLeadIds, setNewLeadIds] = useState<ReadonlySet<string>>(() => new Set());
  const visible = useRef(new Set<string>());
  visible.current = new Set(input.items.map((i) => i.id));

  // Fresh loader data already holds every change pushed before it was loaded.
  useEffect(() => {
    setPatches(new Map());
  }, [input.items]);
  // Another page or other filters: the count of new leads started over.
  useEffect(() => {
    setNewLeadIds(new Set());
  }, [input.queryKey]);

  function onLead(event: "created" | "updated", lead: LeadSummary) {
    const shown = visible.current.has(lead.id);
    if (shown) setPatches((current) => new Map(current).set(lead.id, lead));
    const reaction = listReaction({ page: input.page, event, visible: shown });
    if (reaction === "reload") reload();
    else if (reaction === "count-new") setNewLeadIds((current) => (current.has(lead.id) ? current : new Set(current).add(lead.id)));
  }

  useWorkspaceEvents({
    "lead:created": ({ lead }) => onLead("created", lead),
    "lead:updated": ({ lead }) => onLead("updated", lead),
    reconnect: () => {
      if (input.page <= 1) reload();
    },
  });

  const items = useMemo(() => patchRows(input.items, patches), [input.items, patches]);
  return { items, newLeads: newLeadIds.size };
}
