import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BLOG_ARTICLES, PlaceholderPage, PrimaryLink, TextLink } from "~/components/site/PlaceholderPage";

export function loader({ params }: LoaderFunctionArgs) {
  const article = BLOG_ARTICLES.find((candidate) => candidate.id === params.id);
  // Only the five known articles exist; any other id goes back to the blog (spec §2.1).
  if (!article) throw redirect("/blog");
  return { article };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [{ title: `${data.article.title} · LeadBroom Blog` }, { name: "description", content: data.article.excerpt }]
    : [{ title: "Blog · LeadBroom" }];

export default function BlogArticlePage() {
  const { article } = useLoaderData<typeof loader>();
  return (
    <PlaceholderPage eyebrow="Blog" title={article.title}>
      <p>
        {article.excerpt} The full article is being edited and will be published here soon. Until then, see how
        LeadBroom captures and qualifies leads for cleaning companies around the clock.
      </p>
      <p>
        <TextLink to="/blog">Back to all articles</TextLink>
      </p>
      <p>
        <PrimaryLink to="/register">Start Free Trial</PrimaryLink>
      </p>
    </PlaceholderPage>
  );
}
