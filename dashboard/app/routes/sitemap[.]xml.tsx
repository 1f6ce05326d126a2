// /sitemap.xml: the public pages with absolute URLs from PUBLIC_APP_URL.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { PUBLIC_PAGES } from "~/components/site/public-pages";

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function loader({ context }: LoaderFunctionArgs) {
  const base = context.services.env.PUBLIC_APP_URL;
  const urls = PUBLIC_PAGES.map((path) => `  <url><loc>${escapeXml(`${base}${path}`)}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
