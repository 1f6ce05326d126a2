import { Link } from "@remix-run/react";
import { BLOG_ARTICLES, formatArticleDate } from "~/components/site/blog-articles";
import { BLOG_IMAGE_SRC } from "~/components/site/blog-images";
import { pageMeta } from "~/components/site/seo";
import { CallToAction, PageHeader, focusRing } from "~/components/site/ui";

export const meta = pageMeta("Blog", "Articles on lead generation, AI chatbots and growing a commercial cleaning business, from the LeadBroom team.");

export default function BlogIndexPage() {
  return (
    <>
      <PageHeader eyebrow="Resources" title="LeadBroom Blog">
        <p>Lead generation, AI and growing a commercial cleaning business: practical articles from our team.</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 lg:px-8">
        <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {BLOG_ARTICLES.map((article, index) => (
            <li key={article.id} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              <img
                src={BLOG_IMAGE_SRC[article.id]}
                alt=""
                width={1200}
                height={630}
                // The first card's picture is the page's largest paint on a phone: fetched first, drawn at once.
                loading={index === 0 ? "eager" : "lazy"}
                // React 18 knows no fetchPriority prop: the attribute is passed as the browser spells it.
                {...{ fetchpriority: index === 0 ? "high" : "auto" }}
                decoding={index === 0 ? "sync" : "async"}
                className="aspect-[40/21] h-auto w-full bg-slate-100 object-cover"
              />
              <div className="flex flex-1 flex-col p-6">
                <p className="text-sm font-semibold text-brand-700">{article.category}</p>
                <h2 className="mt-2 text-xl font-semibold text-slate-900">
                  <Link to={`/blog/${article.id}`} className={`rounded-sm hover:text-brand-700 hover:underline ${focusRing}`}>
                    {article.title}
                  </Link>
                </h2>
                <p className="mt-3 flex-1 text-sm leading-6 text-slate-600">{article.excerpt}</p>
                <p className="mt-4 text-sm text-slate-600">
                  {article.author} · <time dateTime={article.date}>{formatArticleDate(article.date)}</time> · {article.readTime}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <CallToAction
        title="Turn more website visitors into contracts"
        text="Try LeadBroom free for 14 days. No credit card required."
        secondary={{ to: "/resources", label: "More Resources" }}
      />
    </>
  );
}
