// Every public page of the site (spec §2.1), for sitemap.xml, the tests and the Lighthouse benchmark.
import { BLOG_ARTICLES } from "./blog-articles";

export const PUBLIC_PAGES: readonly string[] = [
  "/",
  "/features",
  "/pricing",
  "/resources",
  "/about",
  "/contact",
  "/careers",
  "/privacy",
  "/terms",
  "/docs/getting-started",
  "/docs/chatbot-configuration",
  "/docs/lead-management",
  "/blog",
  ...BLOG_ARTICLES.map((article) => `/blog/${article.id}`),
];
