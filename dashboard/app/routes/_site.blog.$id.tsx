import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatArticleDate } from "~/components/site/blog-articles";
import { BLOG_IMAGE_SRC } from "~/components/site/blog-images";
import { findArticle } from "~/components/site/blog-bodies.server";
import { baseUrlFromMatches, seoTags } from "~/components/site/seo";
import { ButtonLink, Prose, textLink } from "~/components/site/ui";

export function loader({ params }: LoaderFunctionArgs) {
  const article = findArticle(params.id);
  // Only the five articles exist; any other path redirects to / (spec §2.1).
  if (!article) throw redirect("/");
  return { article };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? seoTags({
        title: `${data.article.title} · LeadBroom Blog`,
        description: data.article.excerpt,
        url: `${baseUrlFromMatches(matches)}/blog/${data.article.id}`,
        type: "article",
      })
    : [{ title: "Blog · LeadBroom" }];

export default function BlogArticlePage() {
  const { article } = useLoaderData<typeof loader>();
  return (
    <article>
      <header className="bg-linear-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-4 pt-12 pb-8 sm:px-6 lg:px-8">
          <p className="text-sm">
            <Link to="/blog" className={textLink}>
              ← All articles
            </Link>
          </p>
          <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">{article.category}</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{article.title}</h1>
          <p className="mt-4 text-sm text-slate-600">
            By {article.author} · <time dateTime={article.date}>{formatArticleDate(article.date)}</time> · {article.readTime}
          </p>
          <img
            src={BLOG_IMAGE_SRC[article.id]}
            alt={article.image.alt}
            width={1200}
            height={630}
            decoding="async"
            className="mt-8 aspect-[40/21] h-auto w-full rounded-2xl bg-slate-100 object-cover"
          />
        </div>
      </header>
      <Prose>
        <p className="text-lg leading-8 text-slate-800">{article.excerpt}</p>
        {article.body.map((block, index) =>
          "h2" in block ? (
            <h2 key={index}>{block.h2}</h2>
          ) : "ul" in block ? (
            <ul key={index}>
              {block.ul.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : (
            <p key={index}>{block.p}</p>
          ),
        )}
        <aside aria-labelledby="article-cta" className="mt-12 rounded-2xl bg-brand-50 p-8 text-center ring-1 ring-brand-100">
          <h2 id="article-cta" className="!mt-0">
            Never miss a lead again
          </h2>
          <p>LeadBroom's AI chatbot qualifies and scores your website visitors 24/7. 14-day free trial, no credit card required.</p>
          <div className="mt-6">
            <ButtonLink to="/register">Start Free Trial</ButtonLink>
          </div>
        </aside>
      </Prose>
    </article>
  );
}
