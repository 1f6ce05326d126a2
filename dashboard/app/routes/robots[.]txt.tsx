// /robots.txt: keeps crawlers out of the workspace and points them at the sitemap (absolute URL from
// PUBLIC_APP_URL, which is why this is a route and not a static file).
import type { LoaderFunctionArgs } from "@remix-run/node";

export function loader({ context }: LoaderFunctionArgs) {
  const base = context.services.env.PUBLIC_APP_URL;
  const body = [
    "User-agent: *",
    "Disallow: /app/",
    "Disallow: /api/",
    "Disallow: /reset-password",
    "Disallow: /test-chatbot",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
