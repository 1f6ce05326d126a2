// PATCH /api/v1/leads/{id} body: `status` (with `value` for won, `lostReason` / `competitor` for lost,
// as in the workspace) and/or `note` (appended to the lead's notes). Pure: shapes the JSON into the
// workspace's form inputs, which lead-status / lead-notes validate again.
export type LeadUpdateBody =
  | { ok: true; status: Record<string, string> | null; note: Record<string, string> | null }
  | { ok: false; fields: Record<string, string> };

const KNOWN = new Set(["status", "value", "lostReason", "competitor", "note"]);

export function checkLeadUpdateBody(body: Record<string, unknown>): LeadUpdateBody {
  const fields: Record<string, string> = {};
  for (const name of Object.keys(body)) if (!KNOWN.has(name)) fields[name] = "Unknown field. Send status, value, lostReason, competitor or note.";
  const text = (name: string): string | undefined => {
    const value = body[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value === "string") return value;
    if (typeof value === "number" && Number.isFinite(value) && name === "value") return String(value);
    fields[name] = name === "value" ? "value must be a number of dollars" : `${name} must be a string`;
    return undefined;
  };
  const status = text("status");
  const value = text("value");
  const lostReason = text("lostReason");
  const competitor = text("competitor");
  const note = text("note");
  if (status === undefined && (value !== undefined || lostReason !== undefined || competitor !== undefined)) {
    fields.status = "Send status with value, lostReason or competitor";
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    status: status === undefined ? null : { status: status.trim().toLowerCase(), value: value ?? "", lostReason: lostReason ?? "", competitor: competitor ?? "" },
    note: note === undefined ? null : { note },
  };
}
