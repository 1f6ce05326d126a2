// Origin allow-list checks for the widget handshake (DESIGN §3). Pure.

/** "https://Example.com:443/path" → "https://example.com"; null when not an http(s) origin. */
export function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.origin.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * An empty list allows any origin; the app's own origin is always allowed (the Test Chatbot page).
 * With a non-empty list, a request without an Origin header is refused.
 */
export function isOriginAllowed(origin: string | undefined, allowedOrigins: string[], appOrigin: string): boolean {
  const requested = origin ? normalizeOrigin(origin) : null;
  if (requested !== null && requested === normalizeOrigin(appOrigin)) return true;
  if (allowedOrigins.length === 0) return true;
  if (requested === null) return false;
  return allowedOrigins.some((allowed) => normalizeOrigin(allowed) === requested);
}
