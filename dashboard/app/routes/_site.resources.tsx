import { Link } from "@remix-run/react";
import { useCallback, useRef, useState } from "react";
import { BLOG_ARTICLES, formatArticleDate } from "~/components/site/blog-articles";
import { DOC_GUIDES } from "~/components/site/DocsPage";
import { FREE_DOWNLOADS, GUIDES, downloadPdf, type PdfDocument } from "~/components/site/pdf-guides";
import { useSiteData } from "~/components/site/site-data";
import { pageMeta } from "~/components/site/seo";
import { PageHeader, focusRing, textLink } from "~/components/site/ui";
import { VideoOverlay } from "~/components/site/VideoOverlay";
import { TUTORIALS } from "~/components/site/tutorials";
import { formatVideoDuration, spokenVideoDuration, tutorialUrl, type Tutorial } from "#shared/public-site/tutorials.ts";
import { useRootData } from "~/root";
import { Button, buttonClasses } from "~/components/ui/Button";
import { Icon } from "~/components/ui/Icon";
import { Download, Play } from "lucide-react";

export const meta = pageMeta(
  "Resources",
  "LeadBroom documentation, downloadable guides, articles, video tutorials and free PDFs for commercial cleaning companies.",
);

const FEATURED_ARTICLES = ["ai-revolution-cleaning", "lead-generation-strategies", "chatbot-benefits"] as const;


const sectionTitle = "text-3xl font-bold tracking-tight text-slate-900";
const card = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";

function DownloadButton({ document, appUrl, label }: { document: PdfDocument; appUrl: string; label: string }) {
  const [state, setState] = useState<"idle" | "building" | "failed">("idle");
  return (
    <>
      <Button
 type="button"
        disabled={state === "building"}
        onClick={async () => {
          setState("building");
          try {
            await downloadPdf(document, appUrl);
            setState("idle");
          } catch {
            setState("failed");
          }
        }}
        variant="secondary" size="lg" className="mt-4  text-sm"
      >
        <Icon icon={Download} className="h-5 w-5" />
        {state === "building" ? "Preparing PDF..." : label}
        <span className="sr-only"> {document.title} (PDF)</span>
      </Button>
      {state === "failed" ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The PDF could not be created. Please try again.
        </p>
      ) : null}
    </>
  );
}

export default function ResourcesPage() {
  const { schedulingUrl } = useSiteData();
  const appUrl = useRootData()?.env.PUBLIC_APP_URL ?? "";
  const [video, setVideo] = useState<Tutorial | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const closeVideo = useCallback(() => {
    setVideo(null);
    opener.current?.focus();
  }, []);

  return (
    <>
      <PageHeader eyebrow="Learn" title="Resources">
        <p>Documentation, guides, articles and tutorials to help you capture and convert more cleaning leads with LeadBroom.</p>
      </PageHeader>

      <div className="mx-auto max-w-6xl space-y-20 px-4 pb-20 sm:px-6 lg:px-8">
        <section id="documentation" aria-labelledby="documentation-heading" className="scroll-mt-24">
          <h2 id="documentation-heading" className={sectionTitle}>
            Documentation
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {DOC_GUIDES.map((doc) => (
              <li key={doc.to} className={card}>
                <h3 className="text-lg font-semibold text-slate-900">
                  <Link to={doc.to} className={`rounded-sm hover:text-brand-700 hover:underline ${focusRing}`}>
                    {doc.title}
                  </Link>
                </h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{doc.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-slate-700">
            Building an integration? Enterprise plans include REST API access;{" "}
            <Link to="/contact" className={textLink}>
              ask us for the API documentation
            </Link>
            .
          </p>
        </section>

        <section id="guides" aria-labelledby="guides-heading" className="scroll-mt-24">
          <h2 id="guides-heading" className={sectionTitle}>
            Downloadable guides
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {GUIDES.map((guide) => (
              <li key={guide.id} className={card}>
                <h3 className="text-lg font-semibold text-slate-900">{guide.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">
                  {guide.subtitle}: {guide.sections.map((s) => s.heading.toLowerCase()).join(", ")}.
                </p>
                <DownloadButton document={guide} appUrl={appUrl} label="Download Guide" />
              </li>
            ))}
          </ul>
        </section>

        <section id="articles" aria-labelledby="articles-heading" className="scroll-mt-24">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="articles-heading" className={sectionTitle}>
              Articles
            </h2>
            <Link to="/blog" className={textLink}>
              View all articles
            </Link>
          </div>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {FEATURED_ARTICLES.map((id) => {
              const article = BLOG_ARTICLES.find((a) => a.id === id)!;
              return (
                <li key={id} className={card}>
                  <p className="text-sm font-semibold text-brand-700">{article.category}</p>
                  <h3 className="mt-2 text-lg font-semibold text-slate-900">
                    <Link to={`/blog/${id}`} className={`rounded-sm hover:text-brand-700 hover:underline ${focusRing}`}>
                      {article.title}
                    </Link>
                  </h3>
                  <p className="mt-2 text-sm leading-6 text-slate-600">{article.excerpt}</p>
                  <p className="mt-3 text-sm text-slate-600">
                    <time dateTime={article.date}>{formatArticleDate(article.date)}</time> · {article.readTime}
                  </p>
                </li>
              );
            })}
          </ul>
        </section>

        <section id="videos" aria-labelledby="videos-heading" className="scroll-mt-24">
          <h2 id="videos-heading" className={sectionTitle}>
            Video tutorials
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {TUTORIALS.map((item) => (
              <li key={item.id} className={`${card} p-0`}>
                <button
                  type="button"
                  onClick={(event) => {
                    opener.current = event.currentTarget;
                    setVideo(item);
                  }}
                  className={`group block w-full cursor-pointer rounded-2xl text-left ${focusRing}`}
                >
                  <span className="relative flex aspect-video items-center justify-center overflow-hidden rounded-t-2xl bg-linear-to-br from-brand-700 to-brand-900 text-white">
                    {item.poster ? <img src={tutorialUrl(item.poster)} alt="" width={640} height={360} loading="lazy" decoding="async" className="absolute inset-0 h-full w-full object-cover" /> : null}
                    <span className="relative rounded-full bg-slate-900/70 p-3">
                      <Icon icon={Play} fill="currentColor" className="h-10 w-10 transition-transform group-hover:scale-110" />
                    </span>
                    <span className="absolute right-3 bottom-3 rounded bg-slate-900/80 px-2 py-0.5 text-xs font-semibold">
                      <span className="sr-only">Duration {spokenVideoDuration(item.durationSeconds)}</span>
                      <time aria-hidden="true" dateTime={`PT${Math.round(item.durationSeconds)}S`}>
                        {formatVideoDuration(item.durationSeconds)}
                      </time>
                    </span>
                  </span>
                  <span className="block p-6">
                    <span className="block text-lg font-semibold text-slate-900">{item.title}</span>
                    <span className="mt-2 block text-sm leading-6 text-slate-600">{item.text}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>

        <section id="downloads" aria-labelledby="downloads-heading" className="scroll-mt-24">
          <h2 id="downloads-heading" className={sectionTitle}>
            Free downloads
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {FREE_DOWNLOADS.map((item) => (
              <li key={item.id} className={card}>
                <h3 className="text-lg font-semibold text-slate-900">{item.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{item.subtitle}. Free PDF.</p>
                <DownloadButton document={item} appUrl={appUrl} label="Download PDF" />
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="help-heading" className="rounded-2xl bg-brand-50 p-8 text-center ring-1 ring-brand-100">
          <h2 id="help-heading" className="text-2xl font-bold text-slate-900">
            Need help?
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-slate-700">Our team answers within 24 hours, Monday to Friday 9-6 EST.</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/contact" className={buttonClasses({ size: "lg" })}>
              Contact Support
            </Link>
            <a href={schedulingUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: "secondary", size: "lg" })}>
              Schedule a Call<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
        </section>
      </div>
      {video ? <VideoOverlay video={video} onClose={closeVideo} /> : null}
    </>
  );
}
