// The body a form's fields are posted with from script (useResourceFetcher), as the browser would post
// the form itself: URL-encoded when every field is text, multipart when a file is among them (URL-encoding
// a file would send nothing of it). The routes read either with request.formData().

export function formBody(fields: FormData): URLSearchParams | FormData {
  const entries = Array.from(fields.entries());
  if (entries.some(([, value]) => typeof value !== "string")) return fields;
  const encoded = new URLSearchParams();
  for (const [name, value] of entries) encoded.append(name, value as string);
  return encoded;
}
