import { BLOG_ARTICLES, PlaceholderPage, TextLink, siteMeta } from "~/components/site/PlaceholderPage";

export const meta = siteMeta(
  "Blog",
  "Articles on lead generation, AI and growing a commercial cleaning business.",
);

export default function BlogIndexPage() {
  return (
    <PlaceholderPage eyebrow="Resources" title="Blog">
      <p>
        Articles on lead generation, AI and growing a commercial cleaning business. The full articles are being
        edited and will be published soon.
      </p>
      <ul className="space-y-5">
        {BLOG_ARTICLES.map((article) => (
          <li key={article.id}>
            <h2 className="text-xl leading-7 font-semibold">
              <TextLink to={`/blog/${article.id}`}>{article.title}</TextLink>
            </h2>
            <p className="mt-1 text-base text-slate-600">{article.excerpt}</p>
          </li>
        ))}
      </ul>
    </PlaceholderPage>
  );
}
