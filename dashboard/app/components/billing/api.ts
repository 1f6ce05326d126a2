// The browser side of the billing API: JSON POSTs answering {success, error, …}.
export type ApiAnswer = { success?: boolean; error?: string | null; [key: string]: unknown };

export async function postBilling(path: string, body: unknown = {}): Promise<ApiAnswer> {
  const res = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const type = res.headers.get("Content-Type") ?? "";
  if (!type.includes("application/json")) return { success: false, error: null };
  return (await res.json()) as ApiAnswer;
}
