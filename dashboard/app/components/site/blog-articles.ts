// The five blog articles (spec §2.1, §2.11, §3 Blog post): hard-coded content. Here only what the
// lists show (title, excerpt, author, date…); the articles' text is in blog-bodies.server.ts and
// reaches the browser only as the article page's loader data, so /blog and /resources do not ship it.
import { dateTimeFormat } from "#shared/format/intl.ts";

export type ArticleBlock = { h2: string } | { p: string } | { ul: string[] };

export type BlogArticle = {
  id: "ai-revolution-cleaning" | "lead-generation-strategies" | "scaling-cleaning-business" | "chatbot-benefits" | "commercial-cleaning-trends";
  title: string;
  excerpt: string;
  author: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  readTime: string;
  category: string;
  /** The picture's text alternative; the picture itself is BLOG_IMAGE_SRC[id] (blog-images.ts). */
  image: { alt: string };
};

/** An article with its text (blog-bodies.server.ts: the text never ships to the browser as code). */
export type BlogArticleWithBody = BlogArticle & { body: ArticleBlock[] };

export const BLOG_ARTICLES: readonly BlogArticle[] = [
  {
    id: "ai-revolution-cleaning",
    title: "The AI Revolution in Commercial Cleaning: How Chatbots Win Contracts",
    excerpt: "Facility managers now expect an instant answer. Here is how an AI chatbot gives them one at any hour, and why that wins contracts.",
    author: "Sarah Mitchell",
    date: "2025-03-10",
    readTime: "6 min read",
    category: "AI & Technology",
    image: { alt: "Illustration of a chat conversation on a website" },
  },
  {
    id: "lead-generation-strategies",
    title: "10 Lead Generation Strategies for Commercial Cleaning Companies",
    excerpt: "Practical ways to fill your pipeline with offices, clinics and warehouses that fit your crews and your schedule.",
    author: "David Chen",
    date: "2025-03-03",
    readTime: "8 min read",
    category: "Lead Generation",
    image: { alt: "Illustration of a sales funnel" },
  },
  {
    id: "scaling-cleaning-business",
    title: "Scaling Your Cleaning Business Without Adding Office Staff",
    excerpt: "How owners grow from a handful of accounts to dozens while keeping follow-up fast and the books in order.",
    author: "Michael Rodriguez",
    date: "2025-02-24",
    readTime: "7 min read",
    category: "Business Growth",
    image: { alt: "Illustration of a rising bar chart" },
  },
  {
    id: "chatbot-benefits",
    title: "7 Benefits of a Website Chatbot for Cleaning Companies",
    excerpt: "After-hours inquiries, faster qualification and fewer wasted walk-throughs: why a chatbot pays for itself.",
    author: "Sarah Mitchell",
    date: "2025-02-17",
    readTime: "5 min read",
    category: "AI & Technology",
    image: { alt: "Illustration of a chat bubble" },
  },
  {
    id: "commercial-cleaning-trends",
    title: "Commercial Cleaning Industry Trends for 2025",
    excerpt: "Health-focused cleaning, flexible schedules, green products and what buyers are asking for now.",
    author: "Emily Johnson",
    date: "2025-02-10",
    readTime: "6 min read",
    category: "Industry Insights",
    image: { alt: "Illustration of an upward trend line" },
  },
];


/** "2025-03-10" → "March 10, 2025" (long US format, as UTC so server and browser agree). */
export function formatArticleDate(date: string): string {
  return dateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}
